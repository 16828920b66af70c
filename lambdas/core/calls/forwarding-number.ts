/**
 * A subscriber's own forwarding number (issue 33): the Twilio number their phone forwards unanswered calls to.
 * The number called (`To`) says whose voicemail a call is, because Twilio's `ForwardedFrom` is often missing.
 * One item per number, found by the number (a call) or by its subscriber (FORWARD, DELETE, STOP).
 */
import * as z from 'zod';
import { E164_PATTERN } from '#core/delivery/phone';

/** The carriers whose conditional-forwarding codes the service texts (core/calls/carrier-codes.ts). */
export const CARRIERS = ['att', 'verizon', 'gsm'] as const;
export const carrierSchema = z.enum(CARRIERS);
export type Carrier = z.infer<typeof carrierSchema>;

export const forwardingNumberSchema = z.object({
  /** The Twilio number (E.164): the table's key. */
  number: z.string().regex(E164_PATTERN),
  /** Twilio's id of the number (PN...), which releasing it needs. */
  provider_sid: z.string().min(1),
  /** The subscriber whose calls it takes (E.164): the person who texted FORWARD. */
  subscriber: z.string().regex(E164_PATTERN),
  created_at: z.string(),
  /** The carrier the subscriber named (a one-word reply), when they did. */
  carrier: carrierSchema.nullable().default(null),
  /** When the first forwarded call came in ("Forwarding works"); null until then. */
  confirmed_at: z.string().nullable().default(null),
  /** The last call it received (null: none yet). The 14-day "forwarding may be off" text reads it. */
  last_call_at: z.string().nullable().default(null),
  /** The last "your forwarding may be off" text (at most one a month). */
  idle_notice_at: z.string().nullable().default(null),
  /**
   * When the number is released at Twilio: set when its subscriber deletes their data or texts STOP (after
   * the grace period), cleared when they come back (START, FORWARD). Null: kept.
   */
  release_after: z.string().nullable().default(null),
});
export type ForwardingNumber = z.infer<typeof forwardingNumberSchema>;
