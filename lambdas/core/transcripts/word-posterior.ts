/**
 * A word's confidence from the alternatives a beam search kept (issue 32): where the best hypotheses agree on
 * a word ("Jalen" in all four) it is sure, where they differ ("0 1" in one, "4 1" in another) it is doubtful.
 * Each hypothesis's words are aligned to the best's (word-level edit distance, words compared without case or
 * punctuation), and a word's posterior is the summed probability of the hypotheses that have the same word
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

/**
 * For each word of `best`, the word of `other` aligned with it (null where `other` has none there), by the
 * word-level edit distance (substitution, insertion and deletion each cost 1).
 */
export function alignToBest(best: readonly string[], other: readonly string[]): (string | null)[] {
  const a = best.map(comparable);
  const b = other.map(comparable);
  const rows = a.length + 1;
  const cols = b.length + 1;
  const cost = new Uint32Array(rows * cols);
  for (let i = 0; i < rows; i++) cost[i * cols] = i;
  for (let j = 0; j < cols; j++) cost[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const substitute = cost[(i - 1) * cols + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      const drop = cost[(i - 1) * cols + j]! + 1;
      const insert = cost[i * cols + j - 1]! + 1;
      cost[i * cols + j] = Math.min(substitute, drop, insert);
    }
  }
  const aligned: (string | null)[] = best.map(() => null);
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    const here = cost[i * cols + j]!;
    if (here === cost[(i - 1) * cols + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      aligned[i - 1] = other[j - 1]!;
      i--;
      j--;
    } else if (here === cost[(i - 1) * cols + j]! + 1) {
      i--;
    } else {
      j--;
    }
  }
  return aligned;
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
    const aligned = index === bestIndex ? best.words : alignToBest(best.words, hypothesis.words);
    aligned.forEach((word, at) => {
      if (word !== null && comparable(word) === comparable(best.words[at]!))
        posteriors[at]! += weights[index]!;
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
