import type { Call } from '#core/calls/call';

/** Forwarded calls in progress (core/calls/call.ts), by Twilio's CallSid; each expires a day after it began. */
export interface CallRepository {
  get(callSid: string): Promise<Call | null>;
  /** Stores the call unless one with its CallSid exists (a repeated webhook): true when stored. */
  create(call: Call): Promise<boolean>;
  update(callSid: string, changes: Partial<Omit<Call, 'call_sid'>>): Promise<void>;
}
