import type { ForwardingNumber } from '#core/calls/forwarding-number';

/** The subscribers' forwarding numbers (core/calls/forwarding-number.ts). */
export interface ForwardingNumberRepository {
  /** The number's record (a call to it), or null when it is not one of ours. */
  get(number: string): Promise<ForwardingNumber | null>;
  /** The subscriber's number (FORWARD, DELETE, STOP), or null when they have none. */
  findBySubscriber(subscriber: string): Promise<ForwardingNumber | null>;
  put(record: ForwardingNumber): Promise<void>;
  /** Changes some fields of an existing number; does nothing when it is gone. */
  update(number: string, changes: Partial<Omit<ForwardingNumber, 'number'>>): Promise<void>;
  delete(number: string): Promise<void>;
  /** Every number (the operator's list, the daily checks): a few per subscriber, so a scan is enough. */
  list(): Promise<ForwardingNumber[]>;
}
