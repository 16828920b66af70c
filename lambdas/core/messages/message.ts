/**
 * A voice message (SPEC section 3) as a zod schema, and the request shapes that name one; types are inferred
 * from them. The frontend imports these too, so the browser and the API agree on every rule.
 */
import * as z from 'zod';
import { smsPartSchema } from '#core/delivery/delivery-status';
import { E164_PATTERN } from '#core/delivery/phone';
import { statedFactsSchema, storedSummarySchema } from '#core/facts/summary';
import { heardWordsSchema } from '#core/transcripts/heard-words';
import { urgencySchema } from '#core/urgency/urgency-schema';
import { transcriptReviewSchema, urgencyReviewSchema } from './message-corrections';
import { historyQuerySchema } from './message-history';
import { inboundRefusalSchema } from './refused-inbound-schema';
import { MESSAGE_STATUSES } from './status';

export const messageStatusSchema = z.enum(MESSAGE_STATUSES);

/**
 * Where a message came from: an SMS/MMS through the provider's webhook, an admin's test upload, or a
 * forwarded call's recording (issue 33).
 */
export const MESSAGE_SOURCES = ['sms', 'upload', 'call'] as const;

/** Whether a reply carries the transcript (the operator's setting, or a sender's MODE). */
export const REPLY_MODES = ['full', 'summary_only'] as const;
export const replyModeSchema = z.enum(REPLY_MODES, { error: 'reply_mode must be "full" or "summary_only".' });

/**
 * A voice message: the SPEC section 3 fields, then what the pipeline records about its work. The extra fields
 * are optional so records written before they existed still read.
 */
export const messageSchema = z.object({
  id: z.string().min(1),
  created_at: z.string(),
  updated_at: z.string().optional(),
  sender: z.string(),
  phone_number: z.string().nullable(),
  /** The stored audio's key in the audio bucket; null until the audio is safely stored. */
  audio_url: z.string().nullable(),
  status: messageStatusSchema,
  summary: z.string().nullable(),
  transcript: z.string().nullable(),
  /**
   * The transcript's words with the engine's confidence (core/transcripts/heard-words.ts); null or absent when the engine
   * gave none or the message predates them. Read one message at a time: lists and live changes leave them out.
   */
  transcript_words: heardWordsSchema.nullable().optional(),
  error_message: z.string().nullable(),
  /**
   * Whether processing a failed message again can end differently (core/messages/pipeline-failures.ts). False (the
   * recording itself is too long, not audio...) hides Retry Processing; absent or null: it can.
   */
  error_retryable: z.boolean().nullable().optional(),
  reply_sent: z.boolean(),
  source: z.enum(MESSAGE_SOURCES).optional(),
  /**
   * A call's caller (source `call`): their number from the network (Twilio's `From`, E.164), the callback
   * stated as fact; null when withheld ("a private number"). Absent for texted and uploaded messages.
   */
  caller_number: z.string().regex(E164_PATTERN).nullable().optional(),
  /** The provider's URL of the audio (Twilio MediaUrlN) until it is copied and deleted there. */
  media_url: z.string().nullable().optional(),
  audio_content_type: z.string().nullable().optional(),
  audio_duration_seconds: z.number().nullable().optional(),
  /** Which processing run owns the message: 1 for the first, +1 for each retry from the dashboard. */
  attempt: z.number().int().positive().optional(),
  /** When the dashboard's last retry started its run (absent for the first run). */
  attempt_started_at: z.string().optional(),
  transcription_engine: z.string().nullable().optional(),
  summary_engine: z.string().nullable().optional(),
  /** The language the caller spoke (ISO 639-1), from the transcriber or the summary; `en` offline. */
  language: z.string().nullable().optional(),
  /** The sender's LANG choice the summary was written in, when they had one (null: the message's language). */
  reply_language: z.string().nullable().optional(),
  /** The sender's MODE choice the reply followed, when they had one (null: the operator's reply mode). */
  sender_reply_mode: replyModeSchema.nullable().optional(),
  /** Things the operator should know, e.g. that 8 kHz audio may give an unreliable transcript. */
  warnings: z.array(z.string()).optional(),
  /** The structured summary: key points, callback number and time, requested action, who called. */
  summary_details: storedSummarySchema.nullable().optional(),
  /**
   * What the fact checks decided beyond the summary (core/facts/stated-summary.ts): a callback number said but not
   * stated, and where; the transcript's doubtful facts, which its texts mark "(?)". Absent before issue 24.
   */
  stated_facts: statedFactsSchema.nullable().optional(),
  /** How many parts of the reply the SMS provider accepted (a retried send resumes after them). */
  reply_parts_sent: z.number().int().nonnegative().optional(),
  /**
   * Each text sent about the message (the reply's parts, the failure notice) with its provider id and latest
   * delivery status (core/delivery/delivery-status.ts); written only through the message repository's SMS-part methods.
   */
  sms_parts: z.array(smsPartSchema).optional(),
  /** An operator's mark that the transcript is wrong (core/messages/message-corrections.ts); null once cleared. */
  transcript_review: transcriptReviewSchema.nullable().optional(),
  /**
   * How pressing the message is (core/urgency/urgency-schema.ts): written once the summary is checked; absent on
   * refused records and on messages from before issue 25. `urgency_review` is an operator's correction
   * (core/messages/message-corrections.ts).
   */
  urgency: urgencySchema.nullable().optional(),
  urgency_review: urgencyReviewSchema.nullable().optional(),
  /**
   * Only on the record of something refused instead of a voice message (core/messages/refused-inbound.ts): a picture
   * or other attachment that is not audio, a text that is no command, anything from a number that opted out.
   * What came in (`kind`, `content_types`, the start of the `text`), why (`reason`; in words in
   * `error_message`), how many that day (`count`, the latest at `last_at`) and what we `answered`. Such a
   * record is failed with `error_retryable` false and nothing processes it. Absent: a voice message.
   */
  refusal: inboundRefusalSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** A message as lists show it (GET /api/messages, the live list): without its words, far larger than its text. */
export type ListedMessage = Omit<Message, 'transcript_words'>;

export function listedMessage(message: Message): ListedMessage {
  const { transcript_words: _words, ...listed } = message;
  return listed;
}

export const RECENT_MESSAGES_LIMIT = 10;

/** POST /api/process-audio body (SPEC section 7). The stored message is the truth: see processAudio. */
export const processAudioInputSchema = z.strictObject({
  messageId: z
    .string({ error: 'messageId is required.' })
    .min(1, { error: 'messageId is required.' })
    .max(100, { error: 'messageId is too long.' }),
  audioUrl: z.string({ error: 'audioUrl must be text.' }).max(2048).nullable().optional(),
  sender: z.string({ error: 'sender must be text.' }).max(100).nullable().optional(),
});
export type ProcessAudioInput = z.infer<typeof processAudioInputSchema>;

/** The sender name an admin's test upload gets when none is given (SPEC section 5). */
export const DEFAULT_TEST_SENDER = 'test-user';

/**
 * GET /api/messages: the Recent Messages list by default (10, newest first), or a page of the history with
 * filters and a cursor (core/messages/message-history.ts).
 */
export const listMessagesQuerySchema = historyQuerySchema(RECENT_MESSAGES_LIMIT);

export type ReplyMode = z.infer<typeof replyModeSchema>;
