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
    return spreadWithinPieces(
      words.map((word) => ({ text: word.text, confidence: word.confidence, at: word.at })),
      seconds,
    );
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

/**
 * The words of one piece placed through it (issue 32). An engine that times pieces, not words (Moonshine
 * gives each word its piece's start), put a number said 8 s into a 15-second piece at 0:00; each word of a
 * run of more than one sentence sharing one time is placed where its share of the run's letters puts it
 * between that time and the next piece's (or the recording's end): speech at an even pace, within the piece.
 * Words with times of their own, and a sentence's words sharing its start (OpenAI's), are left as they are.
 */
function spreadWithinPieces(tokens: HeardToken[], seconds: number | null): HeardToken[] {
  const spread = tokens.slice();
  let start = 0;
  while (start < tokens.length) {
    const at = tokens[start]?.at ?? null;
    let end = start + 1;
    while (end < tokens.length && at !== null && tokens[end]?.at === at) end += 1;
    // The next piece's start: the first later time (linear: the scan goes on from where this run ended).
    let next: number | undefined;
    for (let later = end; later < tokens.length && at !== null; later++) {
      const time = tokens[later]?.at ?? null;
      if (time !== null && time > at) {
        next = time;
        break;
      }
      if (time !== null) break;
    }
    const until = next ?? (seconds !== null && at !== null && seconds > at ? seconds : null);
    const run = tokens.slice(start, end);
    // A run of one sentence is an engine's deliberate time (OpenAI's: where the sentence starts), kept.
    const piece = run.slice(0, -1).some((token) => /[.!?]["')\]]*$/.test(token.text));
    if (at !== null && until !== null && piece) {
      const total = run.reduce((sum, token) => sum + token.text.length + 1, 0);
      let before = 0;
      run.forEach((token, offset) => {
        const placed = at + ((until - at) * before) / total;
        spread[start + offset] = { ...token, at: Math.round(placed * 100) / 100 };
        before += token.text.length + 1;
      });
    }
    start = end;
  }
  return spread;
}

/** Whether the checks have the engine's confidence for these words (else only what needs none is checked). */
export const hasConfidence = (tokens: readonly HeardToken[]): boolean =>
  tokens.some((token) => token.confidence !== null);
