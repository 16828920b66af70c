/**
 * A word's confidence from the alternatives a beam search kept (issue 32): where the best hypotheses agree on
 * a word ("Jalen" in all four) it is sure, where they differ ("0 1" in one, "4 1" in another) it is doubtful.
 * Each hypothesis is aligned to the best letter by letter (`agreement`: writing a word another way is no
 * disagreement), and a word's posterior is the summed probability of the hypotheses that have the same word
 * there, each hypothesis weighted by the softmax of its total log-probability. A phone number is one word, so
 * one digit heard two ways makes the whole number doubtful. How it joins the token confidence
 * (core/transcripts/token-words.ts) is `BeamConfidence`; measured in docs/local-transcription.md.
 */

/** One hypothesis: its words as written, and its total log-probability. */
export type ScoredHypothesis = { readonly words: readonly string[]; readonly total: number };

/**
 * How a word's confidence is read with beams: the token confidence alone, the posterior alone, the smaller of
 * the two, or their product.
 */
export const BEAM_CONFIDENCES = ['token', 'posterior', 'min', 'product'] as const;
export type BeamConfidence = (typeof BEAM_CONFIDENCES)[number];

/** A word as compared: lower case, letters and digits only ("Friday," and "friday" are the same word). */
export function comparable(word: string): string {
  const bare = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return bare === '' ? word : bare;
}

type Op = 'match' | 'change' | 'drop';

/**
 * For each word of `best`, whether `other` says the same word in its place. The two are aligned letter by
 * letter (case, punctuation aside, a space between words; each change, drop or insertion costs 1), so that
 * writing the same thing another way is no disagreement ("10:30" and "10 30", "3pm" and "3 p.m.", "some body"
 * and "somebody"), while one digit or letter heard otherwise is ("4 1" and "0 1", "Jalen" and "Jaylen"). A
 * word agrees when each of its letters is matched, and no letter of `other` is inserted in it or glued to it
 * (inserted next to it with no space between).
 */
export function agreement(best: readonly string[], other: readonly string[]): boolean[] {
  const spans: [number, number][] = [];
  let a = '';
  for (const word of best) {
    if (a !== '') a += ' ';
    spans.push([a.length, a.length + comparable(word).length]);
    a += comparable(word);
  }
  const b = other.map(comparable).join(' ');
  const cols = b.length + 1;
  const cost = new Uint32Array((a.length + 1) * cols);
  for (let i = 0; i <= a.length; i++) cost[i * cols] = i;
  for (let j = 0; j <= b.length; j++) cost[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cost[i * cols + j] = Math.min(
        cost[(i - 1) * cols + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        cost[(i - 1) * cols + j]! + 1,
        cost[i * cols + j - 1]! + 1,
      );
    }
  }
  // Walked back from the end: what became of each letter of `a` (a space changed is one a letter took),
  // and what `other` inserted before each.
  const ops: Op[] = Array.from({ length: a.length }, () => 'drop');
  const inserted: string[] = Array.from({ length: a.length + 1 }, () => '');
  let i = a.length;
  let j = b.length;
  while (i > 0 || j > 0) {
    const here = cost[i * cols + j]!;
    if (i > 0 && j > 0 && here === cost[(i - 1) * cols + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      ops[i - 1] = a[i - 1] === b[j - 1] ? 'match' : 'change';
      i--;
      j--;
    } else if (i > 0 && here === cost[(i - 1) * cols + j]! + 1) {
      ops[i - 1] = 'drop';
      i--;
    } else {
      inserted[i] = b[j - 1]! + inserted[i];
      j--;
    }
  }
  // A letter of `other` next to the word with no space between: inserted there, or put in place of the space.
  const gluedBefore = (at: number) =>
    /[^ ]$/.test(inserted[at]!) || (inserted[at] === '' && at > 0 && ops[at - 1] === 'change');
  const gluedAfter = (at: number) =>
    /^[^ ]/.test(inserted[at]!) || (inserted[at] === '' && at < a.length && ops[at] === 'change');
  return spans.map(([from, to]) => {
    for (let at = from; at < to; at++) if (ops[at] !== 'match') return false;
    for (let at = from + 1; at < to; at++) if (/[^ ]/.test(inserted[at]!)) return false;
    return !gluedBefore(from) && !gluedAfter(to);
  });
}

/** The hypotheses' probabilities: the softmax of their total log-probabilities. */
export function hypothesisWeights(totals: readonly number[]): number[] {
  if (totals.length === 0) return [];
  const max = Math.max(...totals);
  const exps = totals.map((total) => Math.exp(total - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

/**
 * Each word of the best hypothesis (`hypotheses[bestIndex]`) with the summed probability of the hypotheses
 * that say the same word in its place (the best's own included), 0 to 1.
 */
export function wordPosteriors(hypotheses: readonly ScoredHypothesis[], bestIndex = 0): number[] {
  const best = hypotheses[bestIndex];
  if (!best) return [];
  const weights = hypothesisWeights(hypotheses.map((h) => h.total));
  const posteriors = best.words.map(() => 0);
  hypotheses.forEach((hypothesis, index) => {
    const agrees = index === bestIndex ? best.words.map(() => true) : agreement(best.words, hypothesis.words);
    agrees.forEach((same, at) => {
      if (same) posteriors[at]! += weights[index]!;
    });
  });
  return posteriors.map((p) => Math.min(1, Math.max(0, p)));
}

/** A word's confidence from its token confidence and its posterior, as `how` reads them. */
export function combinedConfidence(token: number, posterior: number, how: BeamConfidence): number {
  switch (how) {
    case 'token':
      return token;
    case 'posterior':
      return posterior;
    case 'min':
      return Math.min(token, posterior);
    case 'product':
      return token * posterior;
  }
}
