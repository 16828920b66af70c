/**
 * The product's entities (SPEC section 3) as zod schemas; types are inferred from them. The frontend imports
 * these too, so the browser and the API agree on every rule.
 */
import * as z from 'zod';
import { DEFAULT_MAX_DURATION_SECONDS } from '#core/audio/audio-format';
import { DEFAULT_TIME_ZONE } from '#core/cards/time-zones';
import { smsPartSchema } from '#core/delivery/delivery-status';
import { COUNTRY_CODE, DEFAULT_REPLY_COUNTRIES } from '#core/delivery/destinations';
import { E164_PATTERN, normalizePhone } from '#core/delivery/phone';
import { limitNumber, SEGMENT_LIMIT_DEFAULTS, segmentLimits } from '#core/delivery/send-limits';
import { statedFactsSchema, storedSummarySchema } from '#core/facts/summary';
import { DEFAULT_FIRST_RUN, firstRunSchema, firstRunUpdateSchema } from '#core/operator/first-run';
import { accentedLettersSchema, defaultTimeZoneSchema } from '#core/operator/reply-settings-schema';
import { DEFAULT_UNIT_PRICES, unitPricesSchema, unitPricesUpdateSchema } from '#core/operator/unit-prices';
import { SMS_CONSENT_VERSION, SMS_CONSENT_VERSIONS } from '#core/senders/consent';
import { heardWordsSchema } from '#core/transcripts/heard-words';
import { transcriptReviewSchema } from '#core/transcripts/transcript-review';
import { urgencyReviewSchema, urgencySchema } from '#core/urgency/urgency-schema';
import { historyQuerySchema } from './message-history';
import { inboundRefusalSchema } from './refused-inbound-schema';
import { DEFAULT_MESSAGE_LINK_DAYS, MAX_RETENTION_DAYS } from './retention';
import { MESSAGE_STATUSES } from './status';

/** Blank strings (after trimming) and null both mean "no value" (SPEC: empty values are saved as null). */
const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A phone number in any US format, or international with +, stored as E.164; blank means none. */
export const optionalPhoneSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: 'Phone must be text, for example "(415) 555-0132".' })
    .max(40, { error: 'Phone number is too long.' })
    .transform((value, ctx) => {
      const result = normalizePhone(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.e164;
    })
    .nullable(),
);

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, { error: 'Email is required.' })
  .max(254, { error: 'Email is too long (254 characters at most).' })
  .pipe(z.email({ error: 'Enter an email address like name@example.com.' }))
  .transform((email) => email.toLowerCase());

// ---------------------------------------------------------------------------------------------------------
// signups

/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates, the LRM/RLM/ALM marks): invisible, they
 * make a stored name read differently from its characters (a "Trojan Source" name in the CSV or the
 * dashboard), and no real name needs them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const signupInputSchema = z
  .strictObject({
    name: z
      .string({ error: 'Name is required.' })
      .overwrite((name) => name.replace(BIDI_CONTROLS, ''))
      .trim()
      .min(1, { error: 'Name is required.' })
      .max(100, { error: 'Name is too long (100 characters at most).' }),
    email: emailSchema,
    phone: optionalPhoneSchema.optional().transform((phone) => phone ?? null),
    sms_opt_in: z.boolean({ error: 'sms_opt_in must be true or false.' }).default(false),
    /** Which SMS consent text the form showed; API callers that send none get today's. */
    consent_version: z
      .enum(SMS_CONSENT_VERSIONS, { error: 'consent_version is not a consent text this site has shown.' })
      .default(SMS_CONSENT_VERSION),
  })
  .refine((signup) => !signup.sms_opt_in || signup.phone !== null, {
    path: ['phone'],
    message: 'Add a phone number to receive text messages, or leave the text-message box unticked.',
  });
export type SignupInput = z.input<typeof signupInputSchema>;
export type Signup = z.output<typeof signupInputSchema>;

/** What a sign-up holds; `sms_confirmed_at` is when its phone answered YES (null: not confirmed). */
export type SignupDetails = Omit<Signup, 'consent_version'> & { readonly sms_confirmed_at: string | null };

export type SignupRecord = SignupDetails & {
  readonly created_at: string;
  readonly updated_at: string;
};

// ---------------------------------------------------------------------------------------------------------
// messages

export const messageStatusSchema = z.enum(MESSAGE_STATUSES);

/** Where a message came from: an SMS/MMS through the provider's webhook, or an admin's test upload. */
export const MESSAGE_SOURCES = ['sms', 'upload'] as const;

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
  /** An operator's mark that the transcript is wrong (core/transcripts/transcript-review.ts); null once cleared. */
  transcript_review: transcriptReviewSchema.nullable().optional(),
  /**
   * How pressing the message is (core/urgency/urgency-schema.ts): written once the summary is checked; absent on
   * refused records and on messages from before issue 25. `urgency_review` is an operator's correction.
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

// ---------------------------------------------------------------------------------------------------------
// settings

export type ReplyMode = z.infer<typeof replyModeSchema>;

export {
  ACCENTED_LETTERS,
  type AccentedLetters,
  accentedLettersSchema,
} from '#core/operator/reply-settings-schema';

export const SETTINGS_ID = 'app';

/** The names of the settings that are secrets: kept in the secret store, never returned in full. */
export const SECRET_NAMES = ['openai_api_key', 'twilio_auth_token'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/**
 * Limits that keep the service's costs bounded under abuse (SMS pumping, floods, hours of audio), with safe
 * defaults; an operator changes them in Settings.
 */
export const LIMIT_DEFAULTS = {
  /** The longest voice message transcribed; longer ones get a clear reply and a failed card. */
  max_duration_minutes: DEFAULT_MAX_DURATION_SECONDS / 60,
  /** Voice messages transcribed per sender per day; beyond it the sender is told once, then nothing. */
  voice_messages_per_sender_per_day: 20,
  ...SEGMENT_LIMIT_DEFAULTS,
  /** Countries replies may go to (ISO codes); the +1 plan's Caribbean countries are not in by default. */
  reply_countries: [...DEFAULT_REPLY_COUNTRIES],
};

const countriesSchema = z
  .array(
    z.string().regex(COUNTRY_CODE, { error: 'Countries are two-letter ISO codes, for example US or CA.' }),
    { error: 'Enter two-letter country codes, for example US, CA.' },
  )
  .min(1, { error: 'Allow replies to at least one country.' })
  .max(50, { error: 'At most 50 countries.' })
  .transform((codes) => [...new Set(codes)]);

/** Days a message link works: at most the transcript retention, which the settings use case checks. */
const linkDays = limitNumber(MAX_RETENTION_DAYS);

/** What the settings table holds: everything but the secrets. Rows saved before the limits existed get the defaults. */
export const settingsRecordSchema = z.object({
  id: z.literal(SETTINGS_ID),
  reply_mode: replyModeSchema,
  twilio_account_sid: z.string().nullable(),
  twilio_phone_number: z.string().regex(E164_PATTERN).nullable(),
  auto_reply_enabled: z.boolean(),
  /** "Link to the whole message": the first text ends with a `/m/<code>` link to the message's page. */
  message_link_enabled: z.boolean().default(true),
  /** "Link works for (days)": a link older than this opens nothing (core/messages/message-link.ts linkExpiresAt). */
  message_link_days: linkDays.default(DEFAULT_MESSAGE_LINK_DAYS),
  updated_at: z.string().nullable(),
  max_duration_minutes: limitNumber(60).default(LIMIT_DEFAULTS.max_duration_minutes),
  voice_messages_per_sender_per_day: limitNumber(1000).default(
    LIMIT_DEFAULTS.voice_messages_per_sender_per_day,
  ),
  ...segmentLimits((max, name) => max.default(SEGMENT_LIMIT_DEFAULTS[name])),
  reply_countries: countriesSchema.default(LIMIT_DEFAULTS.reply_countries),
  accented_letters: accentedLettersSchema.default('replace'),
  default_time_zone: defaultTimeZoneSchema.default(DEFAULT_TIME_ZONE),
  /** The unit prices usage's estimated cost applies (core/operator/usage.ts). */
  unit_prices: unitPricesSchema.default(DEFAULT_UNIT_PRICES),
  /** The dashboard's first-run checklist (core/operator/first-run.ts). */
  first_run: firstRunSchema.default(DEFAULT_FIRST_RUN),
});
export type SettingsRecord = z.infer<typeof settingsRecordSchema>;

export const DEFAULT_SETTINGS: SettingsRecord = {
  id: SETTINGS_ID,
  reply_mode: 'full',
  twilio_account_sid: null,
  twilio_phone_number: null,
  auto_reply_enabled: true,
  message_link_enabled: true,
  message_link_days: DEFAULT_MESSAGE_LINK_DAYS,
  updated_at: null,
  ...LIMIT_DEFAULTS,
  accented_letters: 'replace',
  default_time_zone: DEFAULT_TIME_ZONE,
  unit_prices: { ...DEFAULT_UNIT_PRICES },
  first_run: { ...DEFAULT_FIRST_RUN },
};

const secretInputSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: 'Secrets must be text.' })
    .trim()
    .max(512, { error: 'That value is too long to be a key (512 characters at most).' })
    .regex(/^\S+$/, { error: 'Keys and tokens cannot contain spaces.' })
    .nullable(),
);

/**
 * PUT /api/settings body. Every field is optional: a field left out keeps its saved value, which is how a
 * secret is kept when the operator saves without retyping it. Blank or null clears a field.
 */
export const settingsUpdateSchema = z.strictObject({
  openai_api_key: secretInputSchema.optional(),
  reply_mode: replyModeSchema.optional(),
  twilio_account_sid: z
    .preprocess(
      blankToNull,
      z
        .string({ error: 'twilio_account_sid must be text.' })
        .trim()
        .regex(/^AC[0-9a-fA-F]{32}$/, {
          error:
            'A Twilio Account SID starts with AC followed by 32 letters and digits (find it in the Twilio Console).',
        })
        .nullable(),
    )
    .optional(),
  twilio_auth_token: secretInputSchema.optional(),
  twilio_phone_number: z
    .preprocess(
      blankToNull,
      z
        .string({ error: 'twilio_phone_number must be text.' })
        .max(40, { error: 'Phone number is too long.' })
        .transform((value, ctx) => {
          const result = normalizePhone(value);
          if (!result.ok) {
            ctx.addIssue({
              code: 'custom',
              message: `The SMS number must be in E.164 format, like +14155550132. ${result.error}`,
            });
            return z.NEVER;
          }
          return result.e164;
        })
        .nullable(),
    )
    .optional(),
  auto_reply_enabled: z.boolean({ error: 'auto_reply_enabled must be true or false.' }).optional(),
  message_link_enabled: z.boolean({ error: 'message_link_enabled must be true or false.' }).optional(),
  message_link_days: linkDays.optional(),
  max_duration_minutes: limitNumber(60).optional(),
  voice_messages_per_sender_per_day: limitNumber(1000).optional(),
  ...segmentLimits((max) => max.optional()),
  /** Retired by the segment limits (issue 23): a client that still sends it is told what replaced it. */
  replies_per_sender_per_hour: z
    .never({
      error:
        'replies_per_sender_per_hour is no longer a setting: texts are limited in segments now (segments_per_number_per_hour, segments_per_number_per_day).',
    })
    .optional(),
  reply_countries: countriesSchema.optional(),
  accented_letters: accentedLettersSchema.optional(),
  default_time_zone: defaultTimeZoneSchema.optional(),
  unit_prices: unitPricesUpdateSchema.optional(),
  first_run: firstRunUpdateSchema.optional(),
});
export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

/** How a secret appears outside the server: whether it is set, and at most its last 4 characters. */
export const maskedSecretSchema = z.object({ set: z.boolean(), last4: z.string().max(4).nullable() });
export type MaskedSecret = z.infer<typeof maskedSecretSchema>;

/** Secrets shorter than this show no characters at all: 4 of 8 would give half of it away. */
const MIN_LENGTH_TO_SHOW_LAST4 = 16;

export function maskSecret(value: string | null): MaskedSecret {
  if (!value) return { set: false, last4: null };
  return { set: true, last4: value.length >= MIN_LENGTH_TO_SHOW_LAST4 ? value.slice(-4) : null };
}

/** GET /api/settings response: the row, with secrets masked. */
export const settingsViewSchema = settingsRecordSchema.extend({
  openai_api_key: maskedSecretSchema,
  twilio_auth_token: maskedSecretSchema,
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

// ---------------------------------------------------------------------------------------------------------
// opt-outs

export const optOutSchema = z.object({ phone_number: z.string(), opted_out_at: z.string() });
export type OptOut = z.infer<typeof optOutSchema>;
