/**
 * YES re-subscribes as START does, and confirms the sign-ups waiting for this phone's confirmation
 * (use-cases/sms-consent.ts: each gets its own consent record, with this text's MessageSid as its proof).
 * Its answer says the texts are confirmed, or is START's when no sign-up was waiting.
 */
import { YES } from '#core/commands/yes';
import { optInConfirmation, SMS_CONSENT_CONFIRMED_TEXT } from '#core/texts/service-texts';
import { confirmSmsConsent, type SmsConfirmationDeps } from '../sms-consent';
import type { StartDeps } from './start';
import { type AskedText, type CommandEntry, replyInTheirLanguage } from './text-command';

/** What YES uses: START's, the sign-ups waiting with their consent records, and the program's name. */
export type YesDeps = StartDeps & SmsConfirmationDeps & { readonly serviceName: string };

/** YES's entry: re-subscribes and confirms, after the voice messages sent with it. */
export const yesCommand: CommandEntry<'YES', YesDeps, 'opt-in'> = {
  command: YES,
  turn: 'after-voice',
  answer: confirmSignups,
};

/** YES: off the opt-out list, the sign-ups waiting for this phone confirmed, and told which happened. */
async function confirmSignups(deps: YesDeps, { from, sid }: AskedText): Promise<'opt-in'> {
  await deps.optOuts.optIn(from);
  const confirmed = await confirmSmsConsent(deps, from, sid);
  await replyInTheirLanguage(deps, from, 'opt-in-confirmation', (language) =>
    confirmed > 0 ? SMS_CONSENT_CONFIRMED_TEXT(deps.serviceName, language) : optInConfirmation(language),
  );
  return 'opt-in';
}
