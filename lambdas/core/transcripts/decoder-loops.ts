/**
 * Decoder loops: the same words over and over, what a speech model writes when it cannot follow the audio
 * ("555-888-888-888-888 873-0421", "Oi, aki aki aki aki aki aki..."). A loop never reaches a text or a page,
 * from any engine (issue 24): it is cut back to its first occurrence and one `[unclear]` word stands where the
 * rest was (core/transcripts/heard-words.ts), so what was heard around it is kept and nothing invented is stated.
 */
import { type HeardWord, UNCLEAR_MARK } from './heard-words';
import { cutEveryLoop } from './loop-cutting';
import { bestRun, isLoop, UNIT_CHARACTERS, unitKey } from './repetition-runs';

/** The longest run of one n-gram repeated back to back: the words and how many times in a row. */
export type RepetitionRun = { readonly ngram: readonly string[]; readonly repeats: number };

/**
 * When more than this share of what the engine wrote was loop, the engine followed too little of the audio
 * for the rest to be trusted either: the message fails rather than texting a few words and `[unclear]`.
 */
export const MOSTLY_LOOP_SHARE = 0.5;

/**
 * The keys of the units the loop rules count (core/transcripts/repetition-runs.ts): each run of letters,
 * digits and apostrophes inside a word ("1-2-5" is three units), lower case, without apostrophes around it.
 */
function keysOf(words: readonly HeardWord[]): string[] {
  return words.flatMap((heard) =>
    [...heard.text.matchAll(UNIT_CHARACTERS)].map((match) => unitKey(match[0])).filter(Boolean),
  );
}

/** The loop covering the most units (the first of equals), or null. */
const biggestLoop = (keys: readonly string[]) =>
  bestRun(keys, (run) => isLoop(keys.slice(run.start, run.start + run.size), run.repeats));

/** What cutting left: the words, and the share of the transcript's characters that were loop (0 to 1). */
export type CutTranscript = { readonly words: HeardWord[]; readonly loopShare: number };

/**
 * The words with every loop cut back to its first occurrence, one `[unclear]` word where each was: the loop
 * covering the most units first (the first of equals), then again on what is left, until none is left
 * (core/transcripts/loop-cutting.ts does it without reading the whole transcript again after each cut).
 */
export function cutLoops(words: readonly HeardWord[]): CutTranscript {
  // Most transcripts hold no loop: one pass over an array says so, without the lists cutting needs.
  if (biggestLoop(keysOf(words)) === null) return { words: [...words], loopShare: 0 };
  const { words: out, cuts } = cutEveryLoop(words);
  if (cuts === 0) return { words: out, loopShare: 0 };
  const length = (of: readonly HeardWord[]) => of.reduce((sum, word) => sum + word.text.length + 1, 0);
  const before = length(words);
  const kept = length(out) - cuts * (UNCLEAR_MARK.length + 1);
  return { words: out, loopShare: (before - kept) / before };
}

/** A transcript's words when the engine gave no confidence (whisper-1): each as certain, at no known time. */
export function wordsOfText(text: string): HeardWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ text: word, confidence: 1, at: null }));
}

/** Whether the transcript holds a repetition loop (see the thresholds in core/transcripts/repetition-runs.ts). */
export function isRepetitionLoop(text: string): boolean {
  return biggestLoop(keysOf(wordsOfText(text))) !== null;
}

/** The share of a transcript that is loop (0: none), as `cutLoops` measures it. */
export function loopShareOf(text: string): number {
  return cutLoops(wordsOfText(text)).loopShare;
}

/** The repeated n-gram covering the most words, or null for none repeated (loop or not). */
export function longestRepetition(text: string): RepetitionRun | null {
  const keys = keysOf(wordsOfText(text));
  const best = bestRun(keys, () => true);
  return best && { ngram: keys.slice(best.start, best.start + best.size), repeats: best.repeats };
}
