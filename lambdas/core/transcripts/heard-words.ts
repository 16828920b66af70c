/**
 * How sure the speech engine was of each word of a transcript, and roughly where in the recording it was said
 * (issue 24): the reply states a name, a number or a time only when the words that carry it were heard well,
 * and the message page shades the words that were not. Offline the confidence comes from Moonshine's token
 * probabilities, with OpenAI from the transcription's log-probabilities; `at` is where the word was said, a
 * little before it: offline, Moonshine's pieces are cut at the pauses a voice-activity detector finds and
 * each piece's words are laid over its speech (core/transcripts/word-times.ts, issue 32), so playing from
 * `at` starts within about a second before the word.
 *
 * The words are the transcript: `transcriptOf(words)` is the message's `transcript`, word for word, so any
 * step that rewrites the transcript (spelling correction, cutting a decoder loop) rewrites the words with it.
 * Stored with the message and erased with it; never published on the live channel or listed (a long
 * transcript's words are far larger than its text).
 */
import * as z from 'zod';

export const heardWordSchema = z.object({
  /** The word as the transcript writes it, with its punctuation ("Friday,"), never blank, never with spaces. */
  text: z.string().min(1),
  /** The engine's probability that this word is what was said, 0 to 1. */
  confidence: z.number().min(0).max(1),
  /** Seconds from the start of the recording to (a little before) where the word was said; null: unknown. */
  at: z.number().nonnegative().nullable(),
});
export type HeardWord = z.infer<typeof heardWordSchema>;

export const heardWordsSchema = z.array(heardWordSchema);

/** The transcript the words make: one space between words, as the message stores it. */
export function transcriptOf(words: readonly HeardWord[]): string {
  return words.map((word) => word.text).join(' ');
}

/**
 * Below this confidence a word is doubtful: shaded on the page, and a fact it carries (a name, a digit, a time)
 * is not stated as plain fact. The value is calibrated by `npm run bench -- honesty` (docs/benchmarks.md):
 * high enough that misheard names and digits fall under it, low enough that clean speech is not all shaded.
 */
export const DOUBTFUL_BELOW = 0.6;

export const isDoubtful = (word: HeardWord): boolean => word.confidence < DOUBTFUL_BELOW;

/** What stands in the transcript where a decoder loop (the same words over and over) was cut out. */
export const UNCLEAR_MARK = '[unclear]';
