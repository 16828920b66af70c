import type { VoiceSummary } from '../core/summary';
import type { VocabularyHints } from './transcriber';

export type SummaryResult = VoiceSummary & {
  /** Which engine produced it, e.g. `extractive` or `openai:gpt-4o-mini`. */
  readonly engine: string;
};

/**
 * Summarizes a transcript: a summary of at most 320 characters plus the key points and any callback number,
 * time or action the caller asked for. Throws TransientError / PermanentError like the transcriber.
 */
export interface Summarizer {
  summarize(transcript: string, hints?: VocabularyHints): Promise<SummaryResult>;
}
