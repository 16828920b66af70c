import type { VoiceSummary } from '../core/summary';

export type SummaryResult = VoiceSummary & {
  /** Which engine produced it, e.g. `extractive` or `openai:gpt-4o-mini`. */
  readonly engine: string;
  /** The tokens a paid provider billed for it (usage counters, the message's cost); absent offline. */
  readonly usage?: { readonly input_tokens: number; readonly output_tokens: number };
};

/**
 * Summarizes a transcript: a summary of at most 320 characters plus the key points and any callback number,
 * time or action the caller asked for. Throws TransientError / PermanentError like the transcriber.
 */
export interface Summarizer {
  summarize(transcript: string): Promise<SummaryResult>;
}
