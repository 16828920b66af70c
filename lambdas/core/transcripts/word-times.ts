/**
 * Where in the recording each word of a piece was said (issue 32), for "Number unclear, listen at 0:08".
 * Moonshine gives no word times, only the piece of audio its words came from; the voice-activity detector says
 * where the speech in that piece is. The words are laid over that speech in order, each taking time in
 * proportion to how long it takes to say (its letters; a digit is said as a word of about four letters),
 * the pauses skipped. A word's time is then its start less a short lead, so playing from there starts just
 * before the word: never before the piece, rounded down to a tenth of a second.
 */
import type { HeardWord } from './heard-words';

/** A stretch of speech, in seconds from the start of the recording. */
export type SpeechSpan = { readonly start: number; readonly end: number };

/**
 * Playing starts this long before the word's estimated start (an estimate late by this much still lands on
 * it). "Listen at 0:08" and the link's `#t=8` round down to the second besides, half a second earlier on
 * average: 0.3 s put the most of them within 2 s of the word with few starting after it (bench/hearing.ts;
 * docs/decisions/transcripts.md).
 */
export const LISTEN_LEAD_SECONDS = 0.3;

/** Every word costs this much besides its letters: its onset, the short gap before it. */
const WORD_WEIGHT = 1;
/** "7" is said "seven": a digit takes about as long as four letters. */
const DIGIT_WEIGHT = 4;

/** How long a word takes to say, in letters. */
export function spokenWeight(text: string): number {
  let weight = WORD_WEIGHT;
  for (const char of text) {
    if (/\p{N}/u.test(char)) weight += DIGIT_WEIGHT;
    else if (/\p{L}/u.test(char)) weight += 1;
  }
  return weight;
}

/** The moment `fraction` (0 to 1) of the way through the speech, the pauses between spans skipped. */
function timeAt(spans: readonly SpeechSpan[], fraction: number, total: number): number {
  let left = fraction * total;
  for (const span of spans) {
    const length = span.end - span.start;
    if (left < length) return span.start + left;
    left -= length;
  }
  return spans.at(-1)!.end;
}

/**
 * The piece's words with `at` set to where each was (about) said, a little before it. Without speech spans
 * (or without words) they are left as they are.
 */
export function placeWords(words: readonly HeardWord[], spans: readonly SpeechSpan[]): HeardWord[] {
  const speech = spans.filter((span) => span.end > span.start);
  const total = speech.reduce((sum, span) => sum + span.end - span.start, 0);
  if (words.length === 0 || total <= 0) return [...words];
  const weights = words.map((word) => spokenWeight(word.text));
  const sum = weights.reduce((a, b) => a + b, 0);
  const pieceStart = speech[0]!.start;
  let before = 0;
  return words.map((word, index) => {
    const start = timeAt(speech, before / sum, total);
    before += weights[index]!;
    const at = Math.max(pieceStart, start - LISTEN_LEAD_SECONDS);
    return { ...word, at: Math.floor(at * 10) / 10 };
  });
}
