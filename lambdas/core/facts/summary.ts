/**
 * What a summary of a voice message holds. The OpenAI summarizer asks the model for exactly this shape
 * (structured output: every field present, nullable rather than optional); the local summarizer fills it
 * from the transcript.
 */
import * as z from 'zod';
import { URGENCY_LEVELS } from '#core/urgency/urgency-schema';

/**
 * The summary's share of the first message (two GSM-7 segments, 306 characters), next to its heading, the
 * callback line and the link to the whole message. The reply shortens a longer one (core/texts/service-texts.ts).
 */
export const SUMMARY_MAX_CHARS = 200;

export const voiceSummarySchema = z.object({
  summary: z.string().describe(`What the caller said and wants, at most ${SUMMARY_MAX_CHARS} characters.`),
  key_points: z.array(z.string()).describe('The main points, each a short phrase.'),
  callback_number: z
    .string()
    .nullable()
    .describe('A phone number the caller asked to be called back on, exactly as said, or null.'),
  callback_time: z.string().nullable().describe('When the caller asked to be called back, or null.'),
  requested_action: z.string().nullable().describe('What the caller asked the listener to do, or null.'),
});
export type VoiceSummary = z.infer<typeof voiceSummarySchema>;

/**
 * Who called, as a summarizer read it: "Maria", "the school nurse", "Lincoln Elementary". The summary names
 * them only once the checks have passed them (core/facts/stated-summary.ts): a name the engine may have misheard is
 * left out rather than guessed.
 */
export type CallerCandidate = {
  readonly name: string | null;
  readonly role: string | null;
  readonly organization: string | null;
};

/** How the first message names the caller: "Rebecca from Dr. Patel's office", "Maria, the school nurse at Lincoln Elementary". */
export function callerText(caller: CallerCandidate): string | null {
  const name = caller.name?.trim() || null;
  const role = caller.role?.trim() || null;
  const from = caller.organization?.trim() || null;
  if (role !== null) {
    const who = name === null ? role.charAt(0).toUpperCase() + role.slice(1) : `${name}, ${role}`;
    return from === null ? who : `${who} at ${from}`;
  }
  if (name !== null) return from === null ? name : `${name} from ${from}`;
  return from === null ? null : `From ${from}`;
}

/** Who called before what they want: "Rebecca from Dr. Patel's office: ...", as the first message leads. */
export function withCaller(summary: string, caller: CallerCandidate | null): string {
  const who = caller === null ? null : callerText(caller);
  const text = summary.trim();
  if (who === null) return text;
  if (text === '') return `${who} called.`;
  // A model may still lead with the name it was told to leave out.
  return text.toLowerCase().startsWith(who.toLowerCase()) ? text : `${who}: ${text}`;
}

/**
 * What the checks decided beyond the summary itself (core/facts/stated-summary.ts), kept with the message for the
 * texts: a callback number that was said but not heard well enough to state, and where; and the words of
 * the transcript that carry a fact the checks did not pass, which the texted transcript marks "(?)".
 */
export const statedFactsSchema = z.object({
  /** A callback number was said but is not stated: where it was said (seconds; null: unknown). */
  number_unclear: z.object({ at: z.number().nonnegative().nullable() }).nullable(),
  /** [start, end) word ranges of the transcript (its words split at whitespace) holding a doubtful fact. */
  unsure: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().positive()])),
});
export type StatedFacts = z.infer<typeof statedFactsSchema>;

/**
 * What the OpenAI summarizer asks for: the summary and, first (so the model settles it before writing), the
 * language the caller spoke; last, how pressing the message is (issue 25), which the pipeline checks with the
 * rules of core/urgency/urgency.ts. Not part of the stored summary details: the message keeps them as `language` and
 * `urgency`.
 */
export const summaryWithLanguageSchema = z.object({
  language: z.string().describe('The language the caller spoke, as an ISO 639-1 code such as "en" or "es".'),
  ...voiceSummarySchema.shape,
  urgency: z
    .enum(URGENCY_LEVELS)
    .describe('urgent, normal or likely_spam: how pressing the message is for the person it was for.'),
  urgency_reason: z
    .string()
    .describe('Why, in a few words in English ("a child is sick at school"); empty when normal.'),
});
export type SummaryWithLanguage = z.infer<typeof summaryWithLanguageSchema>;

/**
 * The summary as a message keeps it (`summary_details`): with who called apart (issue 26), as the first text
 * names them once the fact checks passed them ("Rebecca from Dr. Patel's office"), which the dashboard's row
 * leads with; absent or null when no name passed, and on messages summarized before it was kept.
 */
export const storedSummarySchema = voiceSummarySchema.extend({
  caller: z.string().nullable().optional(),
  /**
   * The same, part by part (issue 25: the contact card needs the name and the organization apart): only the
   * parts the checks passed; absent on messages summarized before it was kept.
   */
  caller_parts: z
    .object({ name: z.string().nullable(), role: z.string().nullable(), organization: z.string().nullable() })
    .nullable()
    .optional(),
});
export type StoredSummary = z.infer<typeof storedSummarySchema>;
