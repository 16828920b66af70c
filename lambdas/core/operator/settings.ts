/**
 * The operator's Settings (SPEC section 3): what the settings table holds (everything but the secrets, which
 * the secret store keeps), what PUT /api/settings takes, and what GET /api/settings shows, secrets masked.
 * The dashboard imports these too.
 */
import * as z from 'zod';
import { DEFAULT_MAX_DURATION_SECONDS } from '#core/audio/audio-format';
import { DEFAULT_TIME_ZONE } from '#core/cards/time-zones';
import { COUNTRY_CODE, DEFAULT_REPLY_COUNTRIES } from '#core/delivery/destinations';
import { E164_PATTERN, normalizePhone } from '#core/delivery/phone';
import { limitNumber, SEGMENT_LIMIT_DEFAULTS, segmentLimits } from '#core/delivery/send-limits';
import { blankToNull, timeZoneSchema } from '#core/fields';
import { replyModeSchema } from '#core/messages/message';
import { DEFAULT_MESSAGE_LINK_DAYS, MAX_RETENTION_DAYS } from '#core/messages/retention';
import { CALL_SETTING_DEFAULTS, callSettingsRecordFields, callSettingsUpdateFields } from './call-settings';
import { DEFAULT_FIRST_RUN, firstRunSchema, firstRunUpdateSchema } from './first-run';
import { DEFAULT_UNIT_PRICES, unitPricesSchema, unitPricesUpdateSchema } from './unit-prices';

/**
 * How letters outside GSM-7 (á í ó ú ç...) in a summary or transcript are sent: `replace` writes the plain
 * letter (a, i, o, u, c), so a text stays GSM-7 (160 characters a segment); `keep` sends them as they are,
 * which turns that whole text into UCS-2 (70 a segment), more than twice the segments.
 */
export const ACCENTED_LETTERS = ['replace', 'keep'] as const;
export const accentedLettersSchema = z.enum(ACCENTED_LETTERS, {
  error: 'accented_letters must be "replace" or "keep".',
});
export type AccentedLetters = z.infer<typeof accentedLettersSchema>;

/**
 * The zone a sender's calendar events are in when they chose none with TZ and their number's area code has
 * none (core/cards/sender-time-zone.ts).
 */
export const defaultTimeZoneSchema = timeZoneSchema('default_time_zone');

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
  /** "Link to the whole message": the first text ends with a `/m/<code>` link to the message's page; off, every link already sent (and its card files) answers 404. */
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
  /** Forwarded calls (issue 33, core/operator/call-settings.ts). */
  ...callSettingsRecordFields,
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
  ...CALL_SETTING_DEFAULTS,
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
  ...callSettingsUpdateFields,
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
