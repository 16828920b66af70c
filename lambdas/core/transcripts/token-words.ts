/**
 * From a speech engine's tokens to the transcript's words with their confidence (issue 24, core/transcripts/heard-words.ts).
 * Both engines give each token they chose a log-probability: Moonshine's decoder (SentencePiece pieces, "▁"
 * starting a word, digits one token each) and OpenAI's transcription models (byte-pair tokens, a leading space
 * starting a word, up to three digits a token). Working on the tokens' UTF-8 bytes serves both: a word is
 * what lies between whitespace, so "555-873-0421" is one word of a dozen tokens and "Friday," one of two.
 */
import type { HeardWord } from './heard-words';

/** One token as the engine chose it: its UTF-8 bytes and the log-probability the engine gave it. */
export type ScoredToken = { readonly bytes: ArrayLike<number>; readonly logProb: number };

/** A word of the transcript and the log-probabilities of the tokens its confidence is read from. */
export type TokenWord = { readonly text: string; readonly logProbs: readonly number[] };

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const utf8 = new TextDecoder('utf-8');

/**
 * Whether a token carries what was said (a letter or a digit, or part of a character outside ASCII) rather
 * than only punctuation: the engines hesitate between "," and "." far more often than between words, and
 * that doubt is about the writing, not about what was heard.
 */
function carriesWords(bytes: ArrayLike<number>): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return true;
  return /[\p{L}\p{N}]/u.test(utf8.decode(Uint8Array.from(bytes)));
}

/**
 * The words the tokens make, each with the log-probabilities of the tokens that touch it: those that carry
 * letters or digits, or all of them for a word of punctuation alone ("-"). A token spanning two words counts
 * in both.
 */
export function tokenWords(tokens: readonly ScoredToken[]): TokenWord[] {
  const words: TokenWord[] = [];
  let bytes: number[] = [];
  let spoken: number[] = [];
  let written: number[] = [];
  const flush = () => {
    if (bytes.length > 0) {
      words.push({
        text: utf8.decode(Uint8Array.from(bytes)),
        logProbs: spoken.length > 0 ? spoken : written,
      });
    }
    bytes = [];
    spoken = [];
    written = [];
  };
  for (const token of tokens) {
    const counts = carriesWords(token.bytes) ? 'spoken' : 'written';
    let touched = false;
    for (let i = 0; i < token.bytes.length; i++) {
      const byte = token.bytes[i]!;
      if (WHITESPACE.has(byte)) {
        flush();
        touched = false;
        continue;
      }
      bytes.push(byte);
      if (!touched) (counts === 'spoken' ? spoken : written).push(token.logProb);
      touched = true;
    }
  }
  flush();
  return words;
}

/**
 * How sure the engine was of a word: the probability of its least likely token. One misheard digit in a
 * phone number makes the whole number doubtful, which an average over its dozen tokens would hide; the
 * measurements behind the choice are in docs/decisions/transcripts.md ("Confidence travels with the words",
 * issue 24).
 */
export function wordConfidence(logProbs: readonly number[]): number {
  if (logProbs.length === 0) return 1;
  const least = Math.min(...logProbs);
  return Math.min(1, Math.max(0, Math.exp(least)));
}

/** The tokens as heard words, each at `at` (the start of the piece of audio they were decoded from). */
export function wordsFromTokens(tokens: readonly ScoredToken[], at: number | null): HeardWord[] {
  return tokenWords(tokens).map((word) => ({
    text: word.text,
    confidence: wordConfidence(word.logProbs),
    at,
  }));
}

/** A word that ends a sentence: its last letter is followed by ".", "!" or "?" (and perhaps a quote). */
const ENDS_SENTENCE = /[.!?]["'”’)]*$/;

/**
 * Words from an engine that gives no times (OpenAI's transcription models), placed roughly: each sentence's
 * words at the point of the recording where that sentence starts, taking the text as spoken at an even pace
 * (its share of the characters before it times the recording's length), rounded down to a tenth of a
 * second. Playing from there starts at or a little before the word when the pace is even; the whole
 * sentence shares one time, as Moonshine's words share their piece's. Unknown length: no times.
 */
export function placedBySentence(words: readonly HeardWord[], seconds: number | null): HeardWord[] {
  if (seconds === null || seconds <= 0) return words.map((word) => ({ ...word, at: null }));
  const total = words.reduce((sum, word) => sum + word.text.length + 1, -1);
  let before = 0;
  let sentenceAt = 0;
  let startsSentence = true;
  return words.map((word) => {
    if (startsSentence) sentenceAt = Math.floor((before / total) * seconds * 10) / 10;
    before += word.text.length + 1;
    startsSentence = ENDS_SENTENCE.test(word.text);
    return { ...word, at: sentenceAt };
  });
}
