import type { CallerCandidate, VoiceSummary } from '#core/facts/summary';
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import type { ProposedUrgency } from '#core/urgency/urgency';
import type { VocabularyHints } from './transcriber';

/**
 * A summary as the engine wrote it: the text does not name the caller, who is given apart (`caller`), so that
 * the pipeline names them only once the fact checks pass them (core/facts/stated-summary.ts), as it states the
 * callback number and time.
 */
export type SummaryResult = VoiceSummary & {
  /** Who the caller said they are, as the engine read it; null: they did not say. */
  readonly caller: CallerCandidate | null;
  /**
   * How pressing the engine judged the message (the OpenAI summary does; issue 25), before the rules check it
   * (core/urgency/urgency.ts); absent: the rules alone decide.
   */
  readonly urgency?: ProposedUrgency | null;
  /** Which engine produced it, e.g. `extractive` or `openai:gpt-4o-mini`. */
  readonly engine: string;
  /** The language the caller spoke (ISO 639-1) when the engine judged it (the OpenAI summary does). */
  readonly language?: string | null;
  /** The tokens a paid provider billed for it (usage counters, the message's cost); absent offline. */
  readonly usage?: { readonly input_tokens: number; readonly output_tokens: number };
};

/** How the summary is to be written. */
export type SummaryRequest = VocabularyHints & {
  /**
   * The language to write the summary in (ISO 639-1: the sender's LANG), translating when the caller spoke
   * another; null or absent: the language the caller spoke. An engine that cannot translate ignores it.
   */
  readonly language?: string | null;
};

/**
 * Summarizes a transcript, in the caller's language or the one asked for: a summary of at most 200
 * characters plus who called, the key points and any callback number, time or action the caller asked for.
 * The transcript comes with the engine's confidence in each word when it gave one: what was heard badly is
 * not summarized as if it were sure. Throws TransientError / PermanentError like the transcriber.
 */
export interface Summarizer {
  /**
   * Whether it writes the summary in the language asked for, translating (OpenAI's does). Absent or false:
   * it picks the caller's own sentences (the local summarizer), so the summary is in the caller's language
   * whatever the sender's LANG, and the reply stays in it (issue 31).
   */
  readonly translates?: boolean;
  summarize(transcript: HeardTranscript, request?: SummaryRequest): Promise<SummaryResult>;
}
