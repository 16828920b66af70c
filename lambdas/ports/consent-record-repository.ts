import type { ConsentRecord } from '#core/senders/consent';

/** An append-only log of sign-ups as they happened: records are added, never changed or removed. */
export interface ConsentRecordRepository {
  append(record: ConsentRecord): Promise<void>;
  /** Every record for an email, oldest first. */
  listForEmail(email: string): Promise<ConsentRecord[]>;
}
