import { randomBytes } from 'node:crypto';
import { smsConsentText } from '../core/consent';
import type { Signup } from '../core/schemas';
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
