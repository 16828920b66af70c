/**
 * A transcript as the fact checks read it (issue 24): its words, each with how sure the engine was of it and
 * where in the recording it was said. The words come from the transcriber (core/transcripts/heard-words.ts); a message
 * without them (from before issue 24, or transcribed by whisper-1) is read from its text, with no confidence
 * and a position estimated from the recording's length.
 */
// The words' type only: the reply (core/texts/voice-reply.ts) splits transcripts with this module, and the site
// imports the reply's constants in its first chunk, where no zod schema may be built before zod's jitless
// setting (core/transcripts/heard-words.ts builds one).
import type { HeardWord } from './heard-words';

/** What a summarizer and the checks are given: the transcript, and its words when the engine gave them. */
export type HeardTranscript = {
  readonly text: string;
  readonly words: readonly HeardWord[] | null;
};

/** One word of the transcript as the checks read it; `confidence` null: the engine gave none. */
export type HeardToken = {
  readonly text: string;
  readonly confidence: number | null;
  /** Seconds from the start of the recording to (about) where the word was said; null: unknown. */
  readonly at: number | null;
};

/** The transcript's words as the texts split them: at any whitespace, none empty. */
export function transcriptTokens(text: string): string[] {
  return text.split(/\s+/).filter((token) => token !== '');
}

/**
 * The transcript's words with their confidence and position. The engine's words are used only when they are
 * the transcript word for word (their contract); otherwise, and without them, the text's words with no
 * confidence, each placed where its share of the text puts it in `seconds` of recording (speech at an even
 * pace; null when the length is unknown).
 */
export function heardTokens(heard: HeardTranscript, seconds: number | null = null): HeardToken[] {
  const { words } = heard;
  // The words are the transcript word for word (their contract: `transcriptOf`), or they are not used.
  if (words !== null && words.length > 0 && words.map((word) => word.text).join(' ') === heard.text.trim()) {
    return words.map((word) => ({ text: word.text, confidence: word.confidence, at: word.at }));
  }
  const tokens = transcriptTokens(heard.text);
  const total = tokens.reduce((sum, token) => sum + token.length + 1, 0);
  let before = 0;
  return tokens.map((token) => {
    const at =
      seconds === null || seconds <= 0 || total === 0 ? null : Math.floor((before / total) * seconds);
    before += token.length + 1;
    return { text: token, confidence: null, at };
  });
}

/** Whether the checks have the engine's confidence for these words (else only what needs none is checked). */
export const hasConfidence = (tokens: readonly HeardToken[]): boolean =>
  tokens.some((token) => token.confidence !== null);
