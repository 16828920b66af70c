/**
 * What a decoder loop is (core/transcripts/decoder-loops.ts): the units a transcript's words are counted in,
 * the thresholds a repetition must pass to be a loop, and the runs of repetition found in one pass (issue 31).
 *
 * A run is an n-gram (1 to 6 units) repeated back to back. For one size n, the starts from which the n-gram
 * repeats at least twice form stretches where every unit equals the one n further on; inside a stretch, the
 * run from its first unit repeats most (a later start repeats as often or less) and is a loop whenever any
 * later start is one (the n-grams of a stretch are rotations of each other, and a loop only needs enough
 * repeats). So the best run of the transcript is the best run of a stretch's first unit: each size is one
 * pass over the units, where counting the repeats from every start was quadratic in a long loop.
 */
import { UNITS } from './spoken-numbers';

/** Up to this many words per repeated phrase ("1-2-5" is three, "i'm your happier" three). */
export const MAX_NGRAM = 6;
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
/** The fewest repeats of any loop (the thresholds above): a run repeated less is never one. */
export const FEWEST_LOOP_REPEATS = Math.min(
  MIN_SINGLE_WORD_REPEATS,
  MIN_PHRASE_REPEATS,
  MIN_DIGIT_GROUP_REPEATS,
);
/** The most digits a caller reads out as one number: +1 and ten digits. */
const MAX_SPOKEN_NUMBER_DIGITS = 11;

/**
 * The characters a unit is made of: letters, digits and apostrophes ("4th", "9am", "5551234"). A run of more
 * digits than a spoken number has is one unit per digit but its last MAX_SPOKEN_NUMBER_DIGITS: the engine
 * looping on one digit writes it without spaces ("7470777777...", 99 digits for a whole 16 kHz voicemail,
 * issue 32's seventh set), and as one unit that loop was never seen.
 */
export const UNIT_CHARACTERS = new RegExp(
  String.raw`[\p{L}'’][\p{L}\p{N}'’]*|\p{N}{1,${MAX_SPOKEN_NUMBER_DIGITS}}(?!\p{N})[\p{L}\p{N}'’]*|\p{N}`,
  'gu',
);

/** A unit's key: lower case, without apostrophes around it ("" for apostrophes alone: no unit). */
export const unitKey = (characters: string) => characters.toLowerCase().replace(/^['’]+|['’]+$/g, '');

/** A digit as a transcript writes it: "5", "five", "oh". */
function isDigitWord(key: string): boolean {
  return /^\d$/.test(key) || Object.hasOwn(UNITS, key);
}

/** Whether `ngram` repeated `repeats` times back to back is a loop by the thresholds above. */
export function isLoop(ngram: readonly string[], repeats: number): boolean {
  if (ngram.length === 1 && /^\d{2,}$/.test(ngram[0]!) && repeats >= MIN_DIGIT_GROUP_REPEATS) return true;
  if (repeats < (ngram.length === 1 ? MIN_SINGLE_WORD_REPEATS : MIN_PHRASE_REPEATS)) return false;
  // A phone number read out digit by digit repeats digits ("five five five, five five five five"): digits
  // are a loop only past the longest number a caller reads out.
  return !(ngram.every(isDigitWord) && repeats * ngram.length <= MAX_SPOKEN_NUMBER_DIGITS);
}

/** A run found: the n-gram starting at unit `start`, `size` units long, `repeats` times in a row. */
export type Run = { readonly start: number; readonly size: number; readonly repeats: number };

/**
 * Whether run `a` comes before run `b`: it covers more units, or as many with a shorter n-gram, or as many
 * with as long a one from an earlier start (`a` and `b` are where their starts stand in the transcript).
 */
export function coversMore(a: Run, b: Run): boolean {
  const covers = a.size * a.repeats - b.size * b.repeats;
  return covers !== 0 ? covers > 0 : a.size !== b.size ? a.size < b.size : a.start < b.start;
}

/**
 * The repeated run that comes first by `coversMore` among those `keep` accepts (a predicate that holds for a
 * run when it holds for a run of fewer repeats of the same n-gram), or null: one pass per size.
 */
export function bestRun(keys: readonly string[], keep: (run: Run) => boolean): Run | null {
  let best: Run | null = null;
  for (let size = 1; size <= MAX_NGRAM; size++) {
    // Where each stretch of units equal to the unit `size` further on begins, and how long it is.
    let stretch = 0;
    for (let at = 0; at <= keys.length; at++) {
      if (at + size < keys.length && keys[at] === keys[at + size]) {
        stretch++;
        continue;
      }
      const start = at - stretch;
      const run = { start, size, repeats: Math.floor(stretch / size) + 1 };
      if (run.repeats > 1 && keep(run) && (best === null || coversMore(run, best))) best = run;
      stretch = 0;
    }
  }
  return best;
}
