/**
 * What became of each text after the SMS provider took it: Twilio's status callbacks (queued, sent,
 * delivered, undelivered, failed, with an error code) recorded per text on the message it is about, and the
 * one rule that orders them. Callbacks are retried and arrive out of order, so a status only ever moves
 * forward: `sent` never overwrites `delivered`, and a final status (delivered, undelivered, failed) is kept.
 */
import * as z from 'zod';

/** The statuses a text's delivery is recorded with, from handed over to final. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Every `MessageStatus` Twilio posts for a text we sent, and the status it is recorded as (Twilio's own
 * in-between steps fold into the nearest of ours; `read` is WhatsApp's and `canceled` a scheduled text's).
 */
export const TWILIO_OUTBOUND_STATUSES = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
} as const satisfies Record<string, DeliveryStatus>;
export type TwilioOutboundStatus = keyof typeof TWILIO_OUTBOUND_STATUSES;

/**
 * How far along a status is: a callback is applied only when its status is further along than the recorded
 * one. The three final statuses share the last step, so the first final word stays (Twilio sends one).
 */
export const DELIVERY_PROGRESS: Readonly<Record<DeliveryStatus, number>> = {
  queued: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
};

/** Whether a callback saying `next` may replace the recorded `current` (never backwards, never sideways). */
export function movesForward(current: DeliveryStatus, next: DeliveryStatus): boolean {
  return DELIVERY_PROGRESS[next] > DELIVERY_PROGRESS[current];
}

/** How bad a status is for the person waiting for the text; the message shows its worst text's. */
const SEVERITY: Readonly<Record<DeliveryStatus, number>> = {
  delivered: 0,
  sent: 1,
  queued: 2,
  undelivered: 3,
  failed: 4,
};

/**
 * The kinds of text recorded on a message (the outbound gate's kinds that are about one message): its reply,
 * the transcript a FULL text asked for, the failure notice.
 */
const SMS_PART_KINDS = ['reply', 'full-transcript', 'failure-notice'] as const;

/** One text sent about a message: which one it was, its provider id and its latest delivery status. */
export const smsPartSchema = z.object({
  /** The provider's id (Twilio's SM... SID; the local outbox makes one the same shape). */
  sid: z.string().min(1),
  /** Its place in the reply, 0 first (a notice is 0). */
  index: z.number().int().nonnegative(),
  kind: z.enum(SMS_PART_KINDS),
  /** The SMS segments it took (what the carrier bills). */
  segments: z.number().int().positive(),
  /** Files attached (the contact card, the event): it went as an MMS, billed per MMS. Absent: a plain SMS. */
  media: z.number().int().positive().optional(),
  status: z.enum(DELIVERY_STATUSES),
  /** The provider's error code with an undelivered or failed status (30007...), else null. */
  error_code: z.number().int().nullable(),
  /** When the status was recorded (the send, or the callback that set it). */
  status_updated_at: z.string(),
  /** The processing run that sent it (a retried message is answered again); absent: the first. */
  attempt: z.number().int().positive().optional(),
});
export type SmsPart = z.infer<typeof smsPartSchema>;

/** The order texts are shown in: the reply's parts in order, then the notices. */
export function sortParts(parts: readonly SmsPart[]): SmsPart[] {
  return [...parts].sort(
    (a, b) => SMS_PART_KINDS.indexOf(a.kind) - SMS_PART_KINDS.indexOf(b.kind) || a.index - b.index,
  );
}

/** The texts of the latest run that sent any: what a retried message's card speaks of. */
export function latestRunParts(parts: readonly SmsPart[]): SmsPart[] {
  const latest = Math.max(0, ...parts.map((part) => part.attempt ?? 1));
  return parts.filter((part) => (part.attempt ?? 1) === latest);
}

/**
 * The text whose delivery is the worst (the first of equals) among the latest run's, or null when none was
 * sent: a retried message is judged by its new reply, not by a notice an earlier run sent.
 */
export function worstPart(parts: readonly SmsPart[]): SmsPart | null {
  let worst: SmsPart | null = null;
  for (const part of sortParts(latestRunParts(parts))) {
    if (!worst || SEVERITY[part.status] > SEVERITY[worst.status]) worst = part;
  }
  return worst;
}
