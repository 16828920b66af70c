import { toCsv } from '#core/operator/csv';
import { SMS_CONSENT_STATUS_LABEL, smsConsentStatus, smsConsentText } from '#core/senders/consent';
import type { Signup, SignupAnswer, SignupRecord } from '#core/senders/signup';
import type { ConsentRecordRepository } from '../ports/consent-record-repository';
import type { SignupRepository } from '../ports/signup-repository';
import { consentEventId, issueJoinCode, type JoinCodeDeps } from './sms-consent';

/** What a sign-up uses: the sign-ups and their consent records, the JOIN codes, the program's name. */
export type SignupDeps = JoinCodeDeps & {
  readonly signups: SignupRepository;
  readonly consents: ConsentRecordRepository;
  readonly serviceName: string;
};

/** Who sent the sign-up, as the API saw them: kept with the consent record. */
export type SignupClient = { readonly ip: string | null; readonly userAgent: string | null };

/**
 * Records a sign-up. The consent record is written first and never changed, so a sign-up that counts always
 * has its proof, and a repeat sign-up (which updates the current details) keeps every earlier record. A
 * sign-up that asks for texts counts once its phone texts JOIN and the code answered here
 * (use-cases/sms-consent.ts); nothing is texted to the phone. A confirmation already given holds while the
 * sign-up names the same phone; a new phone must confirm again. Every sign-up that asks for texts gets a
 * code, confirmed before or not, so the answer cannot be used to learn who has signed up.
 */
export async function registerSignup(
  deps: SignupDeps,
  signup: Signup,
  client: SignupClient,
): Promise<SignupAnswer> {
  const now = deps.clock();
  const { consent_version, ...details } = signup;
  await deps.consents.append({
    email: details.email,
    event_id: consentEventId(now),
    recorded_at: now,
    name: details.name,
    phone: details.phone,
    sms_opt_in: details.sms_opt_in,
    consent_version,
    consent_text: smsConsentText(deps.serviceName, consent_version),
    ip: client.ip,
    user_agent: client.userAgent,
    source: 'web-signup',
  });
  const before = await deps.signups.get(details.email);
  const samePhone = before?.sms_opt_in === true && before.phone === details.phone;
  const confirmedAt = details.sms_opt_in && samePhone ? before.sms_confirmed_at : null;
  await deps.signups.save({ ...details, sms_confirmed_at: confirmedAt }, now);
  const join =
    details.sms_opt_in && details.phone !== null
      ? await issueJoinCode(deps, details.email, details.phone)
      : null;
  return { ok: true, join };
}

const newestFirst = (a: SignupRecord, b: SignupRecord) =>
  b.created_at.localeCompare(a.created_at) || a.email.localeCompare(b.email);

/** The dashboard's sign-ups: how many there are, and the `limit` latest. */
export async function latestSignups(
  deps: { readonly signups: Pick<SignupRepository, 'listAll'> },
  limit: number,
): Promise<{ total: number; signups: SignupRecord[] }> {
  const all = await deps.signups.listAll();
  return { total: all.length, signups: all.sort(newestFirst).slice(0, limit) };
}

/**
 * Every sign-up as a CSV file, newest first (what an operator imports into a mailing or SMS tool): whether
 * each asked for texts (`sms_opt_in`) and whether its phone confirmed it (`sms_consent`, `sms_confirmed_at`):
 * only a confirmed one may be texted.
 */
export async function signupsCsv(deps: {
  readonly signups: Pick<SignupRepository, 'listAll'>;
}): Promise<string> {
  const all = (await deps.signups.listAll()).sort(newestFirst);
  return toCsv(
    ['name', 'email', 'phone', 'sms_opt_in', 'sms_consent', 'sms_confirmed_at', 'created_at', 'updated_at'],
    all.map((s) => [
      s.name,
      s.email,
      s.phone,
      s.sms_opt_in,
      SMS_CONSENT_STATUS_LABEL[smsConsentStatus(s)],
      s.sms_confirmed_at,
      s.created_at,
      s.updated_at,
    ]),
  );
}
