/**
 * A sign-up's SMS consent counts once its phone proves itself by texting us (issue 31,
 * core/senders/consent.ts): a sign-up that asks for texts gets a JOIN code, shown on the page and never texted,
 * and the phone's `JOIN <code>` confirms that one sign-up. The form cannot make the service text anyone.
 *
 * A code is random (the system's cryptographic source), kept only as a hash of the phone and the code (so it
 * is worth nothing from another phone), at most JOIN_CODES_PER_PHONE a phone, used up by the one conditional
 * write that checks it (ports/short-lived-codes.ts JoinCodeStore), so confirming costs the same however many
 * sign-ups name the phone. The confirmation is its own consent record (what the phone texted, when, and its
 * MessageSid) beside the web sign-up's, written before the sign-up is marked, so a confirmed sign-up always
 * has its proof.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  JOIN_CODE_DIGITS,
  JOIN_CODE_MINUTES,
  JOIN_CODE_TRIES,
  JOIN_CODES_PER_PHONE,
  JOIN_KEYWORD,
  type JoinInstruction,
} from '#core/senders/consent';
import type { Clock } from '../ports/clock';
import type { ConsentRecordRepository } from '../ports/consent-record-repository';
import type { JoinCodeStore } from '../ports/short-lived-codes';
import type { SignupRepository } from '../ports/signup-repository';
import { hashAccessCode } from './access-codes';

/** A consent event's id: its time plus a random suffix, unique even for two events in the same millisecond. */
export const consentEventId = (now: string) => `${now}#${randomBytes(4).toString('hex')}`;

/** The stored form of a phone's code: its hash with the phone, so a code is worth nothing for another. */
const joinCodeHash = (phone: string, code: string) => hashAccessCode(`join:${phone}:${code}`);

/** Draws before giving up when each code drawn is one the phone already waits with (a few codes among 10^4). */
const DRAWS = 10;

/** What a sign-up's JOIN code is made with. */
export type JoinCodeDeps = { readonly joinCodes: JoinCodeStore; readonly clock: Clock };

/** A new JOIN code for `email`'s sign-up naming `phone`: kept (hashed), and what the page shows. */
export async function issueJoinCode(
  deps: JoinCodeDeps,
  email: string,
  phone: string,
): Promise<JoinInstruction> {
  const now = deps.clock();
  const expiresAt = new Date(Date.parse(now) + JOIN_CODE_MINUTES * 60_000).toISOString();
  for (let draw = 0; draw < DRAWS; draw++) {
    const code = String(randomInt(10 ** JOIN_CODE_DIGITS)).padStart(JOIN_CODE_DIGITS, '0');
    const kept = await deps.joinCodes.add(
      phone,
      { codeHash: joinCodeHash(phone, code), email, expiresAt },
      now,
      JOIN_CODES_PER_PHONE,
    );
    if (kept) return { code, expires_at: expiresAt };
  }
  throw new Error('No JOIN code could be drawn that the phone was not already waiting with');
}

/** What a JOIN confirms with: the codes waiting, the sign-ups themselves and their consent records. */
export type SmsConfirmationDeps = {
  readonly joinCodes: JoinCodeStore;
  readonly signups: Pick<SignupRepository, 'confirmSms'>;
  readonly consents: Pick<ConsentRecordRepository, 'append'>;
  readonly clock: Clock;
};

/** The phone's own text, as the consent record keeps it. */
export type PhoneText = { readonly phone: string; readonly sid: string; readonly body: string };

/**
 * `text` (JOIN and `code`) came from its phone: confirms the one sign-up that code was made for, if it is
 * waiting for this phone, in time, and the phone has tries left. True when a sign-up was confirmed. If the
 * work fails after the code was used, the code waits again, so Twilio's retry of the webhook can finish it.
 */
export async function confirmByJoin(
  deps: SmsConfirmationDeps,
  text: PhoneText,
  code: string,
): Promise<boolean> {
  const now = deps.clock();
  const hash = joinCodeHash(text.phone, code);
  const tried = await deps.joinCodes.redeem(text.phone, hash, now, JOIN_CODE_TRIES);
  if (tried.outcome !== 'right') return false;
  try {
    await deps.consents.append({
      email: tried.email,
      event_id: consentEventId(now),
      recorded_at: now,
      phone: text.phone,
      message_sid: text.sid,
      keyword: JOIN_KEYWORD,
      text: text.body,
      source: 'sms-confirmation',
    });
    return await deps.signups.confirmSms(tried.email, text.phone, now);
  } catch (error) {
    const expiresAt = new Date(Date.parse(now) + JOIN_CODE_MINUTES * 60_000).toISOString();
    await deps.joinCodes
      .add(text.phone, { codeHash: hash, email: tried.email, expiresAt }, now, JOIN_CODES_PER_PHONE)
      .catch(() => {});
    throw error;
  }
}
