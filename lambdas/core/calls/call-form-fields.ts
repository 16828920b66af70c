/**
 * The fields every Twilio call post carries (issue 33), checked where the voice webhook and the recording and
 * status callbacks read them (use-cases/calls/answer-call.ts, call-events.ts).
 */
import * as z from 'zod';

export const callSid = z
  .string({ error: 'CallSid is missing.' })
  .regex(/^CA[0-9a-fA-F]{32}$/, { error: 'CallSid is not a Twilio call id.' });

export const accountSid = z
  .string({ error: 'AccountSid is missing.' })
  .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'AccountSid is not a Twilio account id.' });

/** Seconds as Twilio sends them (text); absent or blank: none. */
export const seconds = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number({ error: 'A duration must be a number of seconds.' }).int().min(0).max(86_400).optional(),
);
