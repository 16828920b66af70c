/**
 * What a sender chose for themselves by text, kept per phone number (one record each): the language replies
 * are written in (LANG), and for the next commands whether the transcript comes along (MODE), words the
 * transcriber should spell as given (SPELL) and the time zone of their calendar events (TZ). Every field is
 * optional: a sender who chose nothing has no record, and a field they never set follows the operator's
 * settings. DELETE erases the record.
 */
import * as z from 'zod';
import { timeZoneSchema } from '#core/fields';
import { replyModeSchema } from '#core/messages/message';
import { supportedLanguage } from '#core/texts/languages';
import { MAX_VOCABULARY_WORD_LENGTH, MAX_VOCABULARY_WORDS } from '#core/transcripts/vocabulary';

/**
 * SPELL keeps at most this many words, each at most this long: the engines' own limits (core/transcripts/vocabulary.ts,
 * which the site's pages import to state them without loading zod).
 */
export const SPELL_MAX_WORDS = MAX_VOCABULARY_WORDS;
export const SPELL_WORD_MAX_CHARS = MAX_VOCABULARY_WORD_LENGTH;

/** How long a record is kept after its last change (DynamoDB TTL; reads skip it once past). */
export const SENDER_PREFERENCES_RETENTION_DAYS = 365;

const languageSchema = z
  .string()
  .transform((code, ctx) => {
    const known = supportedLanguage(code);
    if (known === null) {
      ctx.addIssue({ code: 'custom', message: `"${code}" is not a language code the service knows.` });
      return z.NEVER;
    }
    return known;
  })
  .nullable();

const spellSchema = z
  .array(z.string().trim().min(1).max(SPELL_WORD_MAX_CHARS))
  .max(SPELL_MAX_WORDS, { error: `At most ${SPELL_MAX_WORDS} words.` })
  .nullable();

/** The fields a sender can set; null (or absent) means "not chosen": the default applies. */
const preferenceFields = {
  /** ISO 639-1 code replies are written in (LANG xx); null: each message's own language (LANG AUTO). */
  language: languageSchema.optional(),
  /** Whether replies carry the transcript (MODE FULL / MODE SUMMARY); null: the operator's setting. */
  reply_mode: replyModeSchema.nullable().optional(),
  /** Words (names, places) the transcriber should spell as given (SPELL ...); null: none. */
  spell: spellSchema.optional(),
  /** The zone their calendar events are in (TZ ...); null: their number's area code, else the operator's (TZ AUTO). */
  time_zone: timeZoneSchema('time_zone').nullable().optional(),
  /** Whether replies bring the contact card and the event as MMS attachments (CARDS ON / OFF); null: off. */
  cards: z.boolean().nullable().optional(),
};

/** One sender's record as stored. */
export const senderPreferencesSchema = z.object({
  phone_number: z.string().min(1),
  ...preferenceFields,
  updated_at: z.string(),
});
export type SenderPreferences = z.infer<typeof senderPreferencesSchema>;

/**
 * A change to a sender's record: only the fields present change; null clears one. A command parses its
 * argument with this, so an unknown language or too many words is refused before anything is written.
 */
export const senderPreferencesPatchSchema = z.strictObject(preferenceFields);
export type SenderPreferencesPatch = z.output<typeof senderPreferencesPatchSchema>;
