/**
 * START (or UNSTOP) takes the number off the opt-out list and says so, with frequency, rates, STOP and HELP;
 * a forwarding number marked for release by their STOP is kept (issue 33).
 */
import { START } from '#core/commands/start';
import { optInConfirmation } from '#core/texts/service-texts';
import type { ForwardingNumberRepository } from '../../ports/forwarding-numbers';
import { keepNumber } from '../forwarding-numbers';
import type { PreferencesReader } from '../sender-language';
import { type AskedText, type CommandEntry, type ReplyDeps, replyInTheirLanguage } from './text-command';

/** What START uses: the opt-outs and the gate, and the LANG its answer is written in. */
export type StartDeps = ReplyDeps & {
  readonly preferences: PreferencesReader;
  readonly forwardingNumbers: Pick<ForwardingNumberRepository, 'findBySubscriber' | 'update'>;
};

/** START's entry: re-subscribes, after the voice messages sent with it. */
export const startCommand: CommandEntry<'START', StartDeps, 'opt-in'> = {
  command: START,
  turn: 'after-voice',
  answer: resubscribe,
};

/** START: off the opt-out list, and told so. */
async function resubscribe(deps: StartDeps, { from }: AskedText): Promise<'opt-in'> {
  await deps.optOuts.optIn(from);
  await keepNumber(deps, from);
  await replyInTheirLanguage(deps, from, 'opt-in-confirmation', optInConfirmation);
  return 'opt-in';
}
