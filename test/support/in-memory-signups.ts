/** Sign-ups and their consent records, in memory. */

import type { ConsentRecord } from '#core/senders/consent';
import type { SignupDetails, SignupRecord } from '#core/senders/signup';
import type { ConsentRecordRepository } from '../../lambdas/ports/consent-record-repository';
import type { SignupRepository } from '../../lambdas/ports/signup-repository';

export class InMemorySignups implements SignupRepository {
  readonly items = new Map<string, SignupRecord>();
  async save(signup: SignupDetails, now: string) {
    const created_at = this.items.get(signup.email)?.created_at ?? now;
    this.items.set(signup.email, { ...signup, created_at, updated_at: now });
  }
  async get(email: string) {
    return this.items.get(email.toLowerCase()) ?? null;
  }
  async listAll() {
    return [...this.items.values()];
  }
  async confirmSms(email: string, phone: string, at: string) {
    const signup = this.items.get(email);
    if (signup?.phone !== phone || !signup.sms_opt_in) return false;
    this.items.set(email, { ...signup, sms_confirmed_at: at });
    return true;
  }
}

export class InMemoryConsents implements ConsentRecordRepository {
  readonly records: ConsentRecord[] = [];
  async append(record: ConsentRecord) {
    this.records.push(record);
  }
  async listForEmail(email: string) {
    return this.records.filter((record) => record.email === email);
  }
}
