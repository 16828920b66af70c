import type { VoiceSummary } from '../core/summary';
import type { VocabularyHints } from './transcriber';

export type SummaryResult = VoiceSummary & {
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
 * Summarizes a transcript, in the caller's language or the one asked for: a summary of at most 320 characters plus the key points and any callback number,
 * time or action the caller asked for. Throws TransientError / PermanentError like the transcriber.
 */
export interface Summarizer {
  summarize(transcript: string, request?: SummaryRequest): Promise<SummaryResult>;
}
