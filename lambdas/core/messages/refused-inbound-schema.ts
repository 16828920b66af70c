/**
 * The record of something refused instead of a voice message, as `Message.refusal` holds it (what each field
 * means, and the words the dashboard shows: core/messages/refused-inbound.ts, which stays free of zod).
 */
import * as z from 'zod';
import {
  REFUSAL_REASONS,
  REFUSED_KINDS,
  REFUSED_TEXT_MAX,
  REFUSED_TYPE_MAX,
  REFUSED_TYPES_MAX,
} from './refused-inbound';

export const inboundRefusalSchema = z.object({
  reason: z.enum(REFUSAL_REASONS),
  kind: z.enum(REFUSED_KINDS),
  /** The attachments' declared types (`image/jpeg`), each once, never their content; empty for a text. */
  content_types: z.array(z.string().max(REFUSED_TYPE_MAX)).max(REFUSED_TYPES_MAX),
  /**
   * The start of the latest text (at most 160 characters, then "…"); null when none came, and always for a
   * number that opted out (it asked for silence: we keep no word of it).
   */
  text: z
    .string()
    .max(REFUSED_TEXT_MAX + 1)
    .nullable(),
  /** How many arrived that UTC day from this number for this reason (the record counts the repeats). */
  count: z.number().int().positive(),
  /** When the latest of them arrived. */
  last_at: z.string(),
  /**
   * The text we answered the first of them with (the how-to, the not-audio text); null when we answered
   * nothing (the message's `error_message` says why).
   */
  answered: z.string().nullable(),
});
export type InboundRefusal = z.infer<typeof inboundRefusalSchema>;
