/**
 * One forwarded call while it is in progress (issue 33): what the voice webhook learned (the caller, the
 * subscriber) kept by Twilio's CallSid, because the recording's callbacks name only the call. Expires a day on.
 */
import * as z from 'zod';
import { E164_PATTERN } from '#core/delivery/phone';

export const callSchema = z.object({
  call_sid: z.string().min(1),
  /** The number called: the subscriber's forwarding number. */
  to: z.string().regex(E164_PATTERN),
  /** The subscriber the call is for (whose forwarding number was called). */
  subscriber: z.string().regex(E164_PATTERN),
  /** The caller's number from the network (Twilio's `From`); null when withheld or anonymous. */
  caller: z.string().regex(E164_PATTERN).nullable(),
  started_at: z.string(),
  /** Seconds recorded (Twilio's RecordingDuration), once the recording ended; null: no recording (yet). */
  recorded_seconds: z.number().nonnegative().nullable().default(null),
  /** The message made from its recording, once made. */
  message_id: z.string().nullable().default(null),
  /** Whether this call's "missed call" text was decided (sent or held back), so a repeated callback does not repeat it. */
  missed_handled: z.boolean().default(false),
});
export type Call = z.infer<typeof callSchema>;
