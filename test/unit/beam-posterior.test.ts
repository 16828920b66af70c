/**
 * Beam search's alternatives kept as a word's confidence (issue 32): a word the best hypotheses agree on is
 * sure, one they differ on ("4 1" against "0 1") is doubtful; and the pieces of the beam search that need no
 * model: the key/value cache following the hypotheses (rows gathered along the batch axis) and the best next
 * tokens with the sender's vocabulary bonus.
 */
import { describe, expect, it } from 'vitest';
import {
  agreement,
  combinedConfidence,
  comparable,
  hypothesisWeights,
  wordPosteriors,
} from '#core/transcripts/word-posterior';
import { gatherRows, topTokens } from '../../lambdas/adapters/offline/moonshine-beam';

const words = (text: string) => text.split(' ');

describe('whether another hypothesis says the same word', () => {
  it('agrees on the same words, not on a digit heard otherwise', () => {
    expect(agreement(words('call me at 4 1 2'), words('call me at 0 1 2'))).toEqual([
      true,
      true,
      true,
      false,
      true,
      true,
    ]);
  });

  it('is not misled by a word the other hypothesis lacks or adds between words', () => {
    expect(agreement(words('it is Jalen here'), words('it is here'))).toEqual([true, true, false, true]);
    expect(agreement(words('it is Jalen'), words('it is uh Jalen'))).toEqual([true, true, true]);
  });

  it('takes the same thing written another way as the same word', () => {
    expect(agreement(words('at 10:30 on Friday.'), words('at 10 30 on friday'))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(agreement(words('after 3 p.m.'), words('after 3pm'))).toEqual([true, true, true]);
    expect(agreement(words('some body hit me'), words('somebody hit me'))).toEqual([true, true, true, true]);
    expect(agreement(words('at 10'), words('at10'))).toEqual([true, true]);
  });

  it('disagrees on a letter inserted in a word or glued to it', () => {
    expect(agreement(words('it is Jalen'), words('it is Jaylen'))).toEqual([true, true, false]);
    expect(agreement(words('at 10'), words('at 210'))).toEqual([true, false]);
    expect(agreement(words('please call'), words('please recall'))).toEqual([true, false]);
  });

  it('compares without case or punctuation, a word of punctuation as written', () => {
    expect(comparable('Friday,')).toBe('friday');
    expect(comparable('-')).toBe('-');
  });

  it('agrees on nothing with nothing', () => {
    expect(agreement([], words('a b'))).toEqual([]);
    expect(agreement(words('a b'), [])).toEqual([false, false]);
  });
});

describe('a word posterior from the hypotheses kept', () => {
  it('weights hypotheses by the softmax of their total log-probabilities', () => {
    const weights = hypothesisWeights([Math.log(3), Math.log(1)]);
    expect(weights[0]).toBeCloseTo(0.75);
    expect(weights[1]).toBeCloseTo(0.25);
    expect(hypothesisWeights([-1000, -1000])).toEqual([0.5, 0.5]);
  });

  it('makes a word every hypothesis agrees on sure, and one they differ on doubtful', () => {
    const hypotheses = [
      { words: words('call 555 4 1 2'), total: Math.log(0.5) },
      { words: words('call 555 0 1 2'), total: Math.log(0.3) },
      { words: words('call 555 4 1 2.'), total: Math.log(0.2) },
    ];
    const posteriors = wordPosteriors(hypotheses);
    expect(posteriors[0]).toBeCloseTo(1);
    expect(posteriors[1]).toBeCloseTo(1);
    expect(posteriors[2]).toBeCloseTo(0.7);
    expect(posteriors[4]).toBeCloseTo(1);
  });

  it('reads a phone number as one word: one digit heard two ways doubts the whole number', () => {
    const posteriors = wordPosteriors([
      { words: words('at 555-873-0421 thanks'), total: -1 },
      { words: words('at 555-873-4421 thanks'), total: -1 },
    ]);
    expect(posteriors).toEqual([1, 0.5, 1]);
  });

  it('is 1 for every word of a single hypothesis, and empty with none', () => {
    expect(wordPosteriors([{ words: words('hi there'), total: -3 }])).toEqual([1, 1]);
    expect(wordPosteriors([])).toEqual([]);
  });

  it('joins the token confidence and the posterior as the setting says', () => {
    expect(combinedConfidence(0.8, 0.5, 'token')).toBe(0.8);
    expect(combinedConfidence(0.8, 0.5, 'posterior')).toBe(0.5);
    expect(combinedConfidence(0.8, 0.5, 'min')).toBe(0.5);
    expect(combinedConfidence(0.8, 0.5, 'product')).toBeCloseTo(0.4);
  });
});

describe('the beam search without a model', () => {
  it('reorders the cache by gathering rows along the batch axis', () => {
    const cache = Float32Array.from([0, 0, 1, 1, 2, 2]);
    expect([...gatherRows(cache, 2, [2, 0, 0])]).toEqual([2, 2, 0, 0, 0, 0]);
    expect([...gatherRows(Float32Array.from([7, 8]), 2, [0, 0])]).toEqual([7, 8, 7, 8]);
  });

  it('offers the k best next tokens, never the skipped one, with the bias bonus added', () => {
    const logProbs = [-3, -0.5, -1, -2, -4];
    const of = (token: number) => logProbs[token]!;
    expect(topTokens(of, 5, 2, -1, [], () => 0)).toEqual([
      { token: 1, score: -0.5 },
      { token: 2, score: -1 },
    ]);
    expect(topTokens(of, 5, 2, 1, [], () => 0).map((t) => t.token)).toEqual([2, 3]);
    // Token 4 continues a word of the sender's: its bonus of 6 makes it the best.
    const biased = topTokens(of, 5, 2, -1, [4], (token) => (token === 4 ? 6 : 0));
    expect(biased).toEqual([
      { token: 4, score: 2 },
      { token: 1, score: -0.5 },
    ]);
  });
});
