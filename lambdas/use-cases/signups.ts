import { randomBytes } from 'node:crypto';
import { smsConsentText } from '../core/consent';
import { toCsv } from '../core/csv';
import type { Signup, SignupRecord } from '../core/schemas';
import type { Clock } from '../ports/clock';
import type { ConsentRecordRepository } from '../ports/consent-record-repository';
import type { SignupRepository } from '../ports/signup-repository';

export type SignupDeps = {
  signups: SignupRepository;
  consents: ConsentRecordRepository;
  clock: Clock;
  serviceName: string;
};

/** Who sent the sign-up, as the API saw them: kept with the consent record. */
export type SignupClient = { readonly ip: string | null; readonly userAgent: string | null };

/**
 * Records a sign-up. The consent record is written first and never changed, so a sign-up that counts always
 * has its proof, and a repeat sign-up (which updates the current details) keeps every earlier record. The
 * caller is told the same thing either way, so the endpoint cannot be used to learn who has signed up.
 */
export async function registerSignup(deps: SignupDeps, signup: Signup, client: SignupClient) {
  const now = deps.clock();
  const { consent_version, ...details } = signup;
  await deps.consents.append({
    email: details.email,
    event_id: `${now}#${randomBytes(4).toString('hex')}`,
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
  await deps.signups.save(details, now);
  return { ok: true as const };
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

/** Every sign-up as a CSV file, newest first (what an operator imports into a mailing or SMS tool). */
export async function signupsCsv(deps: {
  readonly signups: Pick<SignupRepository, 'listAll'>;
}): Promise<string> {
  const all = (await deps.signups.listAll()).sort(newestFirst);
  return toCsv(
    ['name', 'email', 'phone', 'sms_opt_in', 'created_at', 'updated_at'],
    all.map((s) => [s.name, s.email, s.phone, s.sms_opt_in, s.created_at, s.updated_at]),
  );
}
