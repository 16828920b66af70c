import type { Call } from '#core/calls/call';

/** Forwarded calls in progress (core/calls/call.ts), by Twilio's CallSid; each expires a day after it began. */
export interface CallRepository {
  get(callSid: string): Promise<Call | null>;
  /** Stores the call unless one with its CallSid exists (a repeated webhook): true when stored. */
  create(call: Call): Promise<boolean>;
  update(callSid: string, changes: Partial<Omit<Call, 'call_sid'>>): Promise<void>;
  /**
   * Deletes every call of the subscriber, in progress or ended (DELETE: they hold the callers' numbers), and
   * says how many. A call whose callbacks come later is then one we do not know.
   */
  deleteBySubscriber(subscriber: string): Promise<number>;
}
