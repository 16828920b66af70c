/** The sign-ups waiting for each phone's JOIN (lambdas/ports/short-lived-codes.ts JoinCodeStore) in memory, as DynamoDB keeps them. */
import type { JoinCode, JoinCodeStore, JoinTry } from '../../lambdas/ports/short-lived-codes';

type PhoneRecord = { codes: Map<string, { email: string; ends: string }>; tries: number };

export class InMemoryJoinCodes implements JoinCodeStore {
  /** Each phone's codes (by hash) and wrong tries. */
  readonly phones = new Map<string, PhoneRecord>();
  /** Writes made by `redeem`, so a test can count them. */
  redeemWrites = 0;

  async add(phone: string, code: JoinCode, now: string, max: number): Promise<boolean> {
    const before = this.phones.get(phone)?.codes ?? new Map();
    const live = [...before].filter(
      ([, entry]) => Date.parse(entry.ends) > Date.parse(now) && entry.email !== code.email,
    );
    if (live.some(([hash]) => hash === code.codeHash)) return false;
    const kept = live.sort(([, a], [, b]) => b.ends.localeCompare(a.ends)).slice(0, max - 1);
    kept.push([code.codeHash, { email: code.email, ends: code.expiresAt }]);
    this.phones.set(phone, { codes: new Map(kept), tries: 0 });
    return true;
  }

  async redeem(phone: string, codeHash: string, now: string, maxTries: number): Promise<JoinTry> {
    this.redeemWrites++;
    const record = this.phones.get(phone);
    if (!record || record.tries >= maxTries) return { outcome: 'none' };
    const entry = record.codes.get(codeHash);
    if (entry && Date.parse(entry.ends) > Date.parse(now)) {
      record.codes.delete(codeHash);
      return { outcome: 'right', email: entry.email };
    }
    const ends = Math.max(...[...record.codes.values()].map((each) => Date.parse(each.ends)));
    if (!(ends > Date.parse(now))) return { outcome: 'none' };
    record.tries++;
    return { outcome: record.tries >= maxTries ? 'spent' : 'wrong' };
  }
}
