/**
 * Cutting decoder loops as it was before issue 31 (core/transcripts/decoder-loops.ts at c5c4cb9), kept only as
 * the oracle of test/unit/decoder-loops-linear.test.ts: every run counted from every start, and the whole
 * transcript read again after each cut (quadratic on long loops and on many loops). The new code must give
 * the same words and shares.
 */
import { type HeardWord, UNCLEAR_MARK } from '#core/transcripts/heard-words';
import { UNITS } from '#core/transcripts/spoken-numbers';

/** The longest run of one n-gram repeated back to back: the words and how many times in a row. */
export type RepetitionRun = { readonly ngram: readonly string[]; readonly repeats: number };

/** Up to this many words per repeated phrase ("1-2-5" is three, "i'm your happier" three). */
const MAX_NGRAM = 6;
/**
 * One word said six times in a row is a loop: people say "no, no, no" or "very very" but not six times.
 * Moonshine's loops run to its token cap (dozens of repeats), so the margin costs nothing.
 */
const MIN_SINGLE_WORD_REPEATS = 6;
/** A phrase of two or more words four times in a row ("1-2-5, 1-2-5, 1-2-5, 1-2-5"); three can be speech ("thank you" x3). */
const MIN_PHRASE_REPEATS = 4;
/**
 * A group of two or more digits three times in a row is a loop inside a number ("555-888-888-888"): no phone
 * number, amount or card is written with the same group three times, while a digit said on its own may be
 * ("5-5-5").
 */
const MIN_DIGIT_GROUP_REPEATS = 3;
/** The most digits a caller reads out as one number: +1 and ten digits. */
const MAX_SPOKEN_NUMBER_DIGITS = 11;
/**
 * A unit the loop rules count: a run of letters, digits and apostrophes inside a word ("1-2-5" is three
 * units), lower case and without apostrophes around it, with where it stands (word, characters).
 */
type Unit = { readonly key: string; readonly word: number; readonly start: number; readonly end: number };

function unitsOf(words: readonly HeardWord[]): Unit[] {
  const units: Unit[] = [];
  for (const [word, heard] of words.entries()) {
    for (const match of heard.text.matchAll(/[\p{L}\p{N}'’]+/gu)) {
      const key = match[0].toLowerCase().replace(/^['’]+|['’]+$/g, '');
      if (key) units.push({ key, word, start: match.index, end: match.index + match[0].length });
    }
  }
  return units;
}

/** A loop found: the n-gram starting at unit `start`, `size` units long, `repeats` times in a row. */
type Run = { readonly start: number; readonly size: number; readonly repeats: number };

/** Every n-gram (1 to 6 units) repeated back to back, with how many times, from each position it starts at. */
function* repetitionRuns(keys: readonly string[]): Generator<Run> {
  for (let size = 1; size <= MAX_NGRAM; size++) {
    for (let start = 0; start + 2 * size <= keys.length; start++) {
      let repeats = 1;
      while (sameNgram(keys, start, start + repeats * size, size)) repeats++;
      if (repeats > 1) yield { start, size, repeats };
    }
  }
}

function sameNgram(keys: readonly string[], a: number, b: number, n: number): boolean {
  if (b + n > keys.length) return false;
  for (let i = 0; i < n; i++) if (keys[a + i] !== keys[b + i]) return false;
  return true;
}

/** A digit as a transcript writes it: "5", "five", "oh". */
function isDigitWord(key: string): boolean {
  return /^\d$/.test(key) || Object.hasOwn(UNITS, key);
}

/** Whether a run is a loop by the thresholds above. */
function isLoop(keys: readonly string[], run: Run): boolean {
  const ngram = keys.slice(run.start, run.start + run.size);
  if (run.size === 1 && /^\d{2,}$/.test(ngram[0]!) && run.repeats >= MIN_DIGIT_GROUP_REPEATS) return true;
  if (run.repeats < (run.size === 1 ? MIN_SINGLE_WORD_REPEATS : MIN_PHRASE_REPEATS)) return false;
  // A phone number read out digit by digit repeats digits ("five five five, five five five five"): digits
  // are a loop only past the longest number a caller reads out.
  return !(ngram.every(isDigitWord) && run.repeats * run.size <= MAX_SPOKEN_NUMBER_DIGITS);
}

/**
 * The loop covering the most units (the first of equals), or null. Every run is checked against its
 * threshold, not only the longest: six words said twice cover more than one word said six times.
 */
function biggestLoop(keys: readonly string[]): Run | null {
  let best: Run | null = null;
  for (const run of repetitionRuns(keys)) {
    if (!isLoop(keys, run)) continue;
    if (best === null || run.size * run.repeats > best.size * best.repeats) best = run;
  }
  return best;
}

/** The words with one loop cut back to its first occurrence and marked. */
function cutOne(words: readonly HeardWord[], units: readonly Unit[], run: Run): HeardWord[] {
  const lastKept = units[run.start + run.size - 1]!;
  const firstCut = units[run.start + run.size]!;
  const lastCut = units[run.start + run.size * run.repeats - 1]!;
  const kept = words[lastKept.word]!;
  const after = words[lastCut.word]!;
  // What follows the loop inside its last word ("873-0421" of "888-888-873-0421") is kept as a word of its
  // own; the punctuation between is the loop's.
  const rest = after.text.slice(lastCut.end).replace(/^[^\p{L}\p{N}'’]+/u, '');
  return [
    ...words.slice(0, lastKept.word),
    { ...kept, text: kept.text.slice(0, lastKept.end) },
    { text: UNCLEAR_MARK, confidence: 0, at: words[firstCut.word]!.at },
    ...(rest ? [{ ...after, text: rest }] : []),
    ...words.slice(lastCut.word + 1),
  ];
}

/** What cutting left: the words, and the share of the transcript's characters that were loop (0 to 1). */
export type CutTranscript = { readonly words: HeardWord[]; readonly loopShare: number };

/** The words with every loop cut back to its first occurrence, one `[unclear]` word where each was. */
export function cutLoops(words: readonly HeardWord[]): CutTranscript {
  let out = [...words];
  let cuts = 0;
  for (;;) {
    const units = unitsOf(out);
    const loop = biggestLoop(units.map((unit) => unit.key));
    if (loop === null) break;
    out = cutOne(out, units, loop);
    cuts++;
  }
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

/** Whether the transcript holds a repetition loop (see the thresholds above). */
export function isRepetitionLoop(text: string): boolean {
  return biggestLoop(unitsOf(wordsOfText(text)).map((unit) => unit.key)) !== null;
}

/** The share of a transcript that is loop (0: none), as `cutLoops` measures it. */
export function loopShareOf(text: string): number {
  return cutLoops(wordsOfText(text)).loopShare;
}

/** The repeated n-gram covering the most words, or null for none repeated (loop or not). */
export function longestRepetition(text: string): RepetitionRun | null {
  const keys = unitsOf(wordsOfText(text)).map((unit) => unit.key);
  let best: Run | null = null;
  for (const run of repetitionRuns(keys)) {
    if (best === null || run.repeats * run.size > best.repeats * best.size) best = run;
  }
  return best && { ngram: keys.slice(best.start, best.start + best.size), repeats: best.repeats };
}
