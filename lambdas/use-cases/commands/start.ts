/** START (or UNSTOP) takes the number off the opt-out list and says so, with frequency, rates, STOP and HELP. */
import { START } from '#core/commands/start';
import type { TextLanguage } from '#core/texts/catalogue';
import { optInConfirmation } from '#core/texts/service-texts';
import { type PreferencesReader, senderLanguage } from '../sender-language';
import { type AskedText, type CommandEntry, type ReplyDeps, replyTo } from './text-command';

/** What START uses: the opt-outs and the gate, and the LANG its answer is written in. */
export type StartDeps = ReplyDeps & { readonly preferences: PreferencesReader };

/** Tells a number just taken off the opt-out list so, in `wording` in the sender's language. */
export async function confirmOptIn(
  deps: StartDeps,
  from: string,
  wording: (language: TextLanguage) => string,
): Promise<'opt-in'> {
  const language = await senderLanguage(deps.preferences, from);
  await replyTo(deps, from, wording(language), 'opt-in-confirmation');
  return 'opt-in';
}

/** START's entry: re-subscribes, after the voice messages sent with it. */
export const startCommand: CommandEntry<'START', StartDeps, 'opt-in'> = {
  command: START,
  turn: 'after-voice',
  answer: resubscribe,
};

/** START: off the opt-out list, and told so. */
async function resubscribe(deps: StartDeps, { from }: AskedText): Promise<'opt-in'> {
  await deps.optOuts.optIn(from);
  return confirmOptIn(deps, from, optInConfirmation);
}
