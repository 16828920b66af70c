/**
 * The link to a whole message (`/m/<code>` on the site's own domain) and what its page and API share. The
 * code is the only key: 16 random bytes (128 bits) written in base64url, so nobody can guess one; the service
 * keeps only its SHA-256 (use-cases/access-codes.ts), never the code. The same mechanics serve any one-off
 * public link (an UPLOAD page later): a code of this shape, looked up by its hash, "not available" otherwise.
 */
import * as z from 'zod';
import { sharedCardsSchema } from '#core/cards/page-cards';
import { codePageUrl, MESSAGE_LINK_PREFIX } from '#core/site/site-paths';
import { heardWordsSchema } from '#core/transcripts/heard-words';
import { URGENCY_LEVELS } from '#core/urgency/urgency-schema';

/**
 * How pressing the message is, as its page shows it: the operator's correction first, else the pipeline's
 * level with its reason (core/urgency/urgency-words.ts shownUrgency; a corrected level has none).
 */
export const sharedUrgencySchema = z.object({
  level: z.enum(URGENCY_LEVELS),
  reason: z.string().nullable(),
});

/** Random bytes in a code: 128 bits. */
export const ACCESS_CODE_BYTES = 16;

/** 16 bytes in base64url (no padding) are 22 characters. */
export const ACCESS_CODE_LENGTH = Math.ceil((ACCESS_CODE_BYTES * 8) / 6);

/** What a code looks like: exactly 22 base64url characters. Anything else is not a code of ours. */
export const accessCodeSchema = z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${ACCESS_CODE_LENGTH}}$`));

/** The page's address for a code, on the site whose origin is `siteUrl`. */
export const messageLinkUrl = (siteUrl: string, code: string) =>
  codePageUrl(siteUrl, MESSAGE_LINK_PREFIX, code);

/**
 * What the page and the API say for a code that is malformed, unknown, expired or deleted: one answer for
 * all, so the answer tells nothing about which.
 */
export const MESSAGE_NOT_AVAILABLE = 'This message is not available';

/** What `GET /api/m/{code}` answers: what the sender may read of their own message. */
export const sharedMessageSchema = z.object({
  summary: z.string().nullable(),
  /**
   * "Call back: <number>, <time>" as the sender's text had it (only what the caller said), or null: the
   * summary leaves the number to this line.
   */
  callback: z.string().nullable(),
  /**
   * A callback number was said but not heard well enough to state (the first text said "Number unclear,
   * listen at 0:42"): where, in seconds (null: unknown). Null when no number was left unclear.
   */
  number_unclear: z.object({ at: z.number().nonnegative().nullable() }).nullable().optional(),
  transcript: z.string().nullable(),
  /**
   * The transcript's words with how sure the speech engine was of each and roughly when each was said
   * (core/transcripts/heard-words.ts), so the page can shade the doubtful ones; null when the engine gave none.
   */
  words: heardWordsSchema.nullable(),
  /** When the voice message arrived (ISO). */
  received_at: z.string(),
  /** `urgent`, `normal` or `likely_spam` with its reason; null before the pipeline judged it. */
  urgency: sharedUrgencySchema.nullable(),
  /** The spoken language, when the transcriber said. */
  language: z.string().nullable(),
  /** Whether its audio is still kept (the audio is deleted before the transcript: see core/messages/retention.ts). */
  has_audio: z.boolean(),
  /**
   * When the link stops working (ISO): its lifetime (Settings, "Link works for") after it was sent, or when
   * the message's retention ends, whichever is sooner.
   */
  expires_at: z.string(),
  /** What "Add to contacts" and "Add to calendar" offer (core/cards/page-cards.ts); absent: neither. */
  cards: sharedCardsSchema.optional(),
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

/** What `POST /api/m/{code}/audio` answers: a link to the audio that works for a few minutes. */
export const sharedAudioSchema = z.object({ url: z.string() });
