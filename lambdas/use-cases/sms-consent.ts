/**
 * A sign-up's SMS consent counts once its phone confirms it (double opt-in, as CTIA expects of a web opt-in):
 * a sign-up that asks for texts makes the number wait for its YES (SMS_CONFIRMATION_DAYS) and texts it one
 * confirmation (the program's name, what it sends, frequency, rates, HELP and STOP) through the gate, at most
 * SMS_CONFIRMATION_TEXTS_PER_DAY a number a day however many sign-ups name it, so the form cannot be used to
 * text a stranger over and over. Until the YES the number gets nothing else because of the sign-up.
 *
 * The phone's YES (use-cases/commands/yes.ts) confirms every sign-up waiting for it that still names
 * it, and each confirmation is its own consent record (when, and the YES's MessageSid) beside the web
 * sign-up's, written before the sign-up is marked, so a confirmed sign-up always has its proof.
 */
import { randomBytes } from 'node:crypto';
import { DAY_MS, dayWindow } from '#core/delivery/day-window';
import {
  SMS_CONFIRMATION_DAYS,
  SMS_CONFIRMATION_KEYWORD,
  SMS_CONFIRMATION_TEXTS_PER_DAY,
} from '#core/senders/consent';
import { SMS_CONSENT_REQUEST_TEXT } from '#core/texts/service-texts';
import type { Clock } from '../ports/clock';
import type { ConsentRecordRepository } from '../ports/consent-record-repository';
import type { PendingSmsConsents } from '../ports/short-lived-codes';
import type { SignupRepository } from '../ports/signup-repository';
import { type OutboundSmsDeps, sendTextOrLog } from './outbound-sms';

/** A consent event's id: its time plus a random suffix, unique even for two events in the same millisecond. */
export const consentEventId = (now: string) => `${now}#${randomBytes(4).toString('hex')}`;

const waitUntil = (now: string) => new Date(Date.parse(now) + SMS_CONFIRMATION_DAYS * DAY_MS).toISOString();

/** What asking for a confirmation uses: the sign-ups waiting, the gate (and its counters), the wording. */
export type SmsConfirmationRequestDeps = OutboundSmsDeps & {
  readonly pendingConsents: PendingSmsConsents;
  readonly serviceName: string;
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/** `email`'s sign-up waits for `phone`'s YES; the phone is asked for it, unless it already was today. */
export async function requestSmsConfirmation(
  deps: SmsConfirmationRequestDeps,
  email: string,
  phone: string,
): Promise<void> {
  const now = deps.clock();
  await deps.pendingConsents.add(phone, email, now, waitUntil(now));
  const { day, expires } = dayWindow(now);
  const key = `sms-consent-text#${phone}#${day}`;
  if (!(await deps.counters.take(key, SMS_CONFIRMATION_TEXTS_PER_DAY, expires))) return;
  const body = SMS_CONSENT_REQUEST_TEXT(deps.serviceName);
  await sendTextOrLog(deps, { to: phone, body, kind: 'sms-consent-request', messageId: null });
}

/** What a YES confirms with: the sign-ups waiting, the sign-ups themselves and their consent records. */
export type SmsConfirmationDeps = {
  readonly pendingConsents: PendingSmsConsents;
  readonly signups: Pick<SignupRepository, 'confirmSms'>;
  readonly consents: Pick<ConsentRecordRepository, 'append'>;
  readonly clock: Clock;
};

/**
 * `phone` texted YES (Twilio's `messageSid`): confirms every sign-up waiting for it that still names it, and
 * says how many. If the work fails half way, the sign-ups not yet confirmed wait again, so Twilio's retry of
 * the webhook can finish it.
 */
export async function confirmSmsConsent(
  deps: SmsConfirmationDeps,
  phone: string,
  messageSid: string,
): Promise<number> {
  const now = deps.clock();
  const left = await deps.pendingConsents.take(phone, now);
  let confirmed = 0;
  try {
    for (const email of [...left]) {
      await deps.consents.append({
        email,
        event_id: consentEventId(now),
        recorded_at: now,
        phone,
        message_sid: messageSid,
        keyword: SMS_CONFIRMATION_KEYWORD,
        source: 'sms-confirmation',
      });
      if (await deps.signups.confirmSms(email, phone, now)) confirmed++;
      left.shift();
    }
  } catch (error) {
    for (const email of left)
      await deps.pendingConsents.add(phone, email, now, waitUntil(now)).catch(() => {});
    throw error;
  }
  return confirmed;
}
