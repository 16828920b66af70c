/**
 * JOIN and a sign-up's code, texted by the phone the sign-up named, confirms that one sign-up's texts
 * (use-cases/sms-consent.ts: its own consent record, with what the phone texted and its MessageSid) and
 * re-subscribes the phone as START does: the phone asked for our texts in its own words. A code that confirms
 * nothing (wrong, used, expired, for another phone, or past the phone's tries) changes nothing, and is answered
 * with one text that does not say which; so is JOIN alone (it says how to get a code).
 */
import { JOIN, type JoinCommand } from '#core/commands/join';
import { JOIN_NOT_CONFIRMED_TEXT, SMS_CONSENT_CONFIRMED_TEXT } from '#core/texts/service-texts';
import { confirmByJoin, type SmsConfirmationDeps } from '../sms-consent';
import type { StartDeps } from './start';
import { type AskedText, type CommandEntry, replyInTheirLanguage } from './text-command';

/** What JOIN uses: START's, the codes waiting with the sign-ups and their consent records, the program's name. */
export type JoinDeps = StartDeps & SmsConfirmationDeps & { readonly serviceName: string };

/** JOIN's entry: confirms, after the voice messages sent with it. */
export const joinCommand: CommandEntry<'JOIN', JoinDeps, 'opt-in' | 'join-refused'> = {
  command: JOIN,
  turn: 'after-voice',
  answer: confirmSignup,
};

/** JOIN <code>: the sign-up confirmed and the phone told so, or told that nothing was. */
async function confirmSignup(
  deps: JoinDeps,
  { from, sid, body }: AskedText,
  asked: JoinCommand,
): Promise<'opt-in' | 'join-refused'> {
  const confirmed =
    asked.code !== null && (await confirmByJoin(deps, { phone: from, sid, body: body ?? '' }, asked.code));
  if (!confirmed) {
    await replyInTheirLanguage(deps, from, 'join-refused', (language) =>
      JOIN_NOT_CONFIRMED_TEXT(deps.serviceName, language),
    );
    return 'join-refused';
  }
  await deps.optOuts.optIn(from);
  await replyInTheirLanguage(deps, from, 'opt-in-confirmation', (language) =>
    SMS_CONSENT_CONFIRMED_TEXT(deps.serviceName, language),
  );
  return 'opt-in';
}
