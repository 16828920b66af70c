/**
 * Where a callback number's swallowed "oh" could go (issue 32, eighth session): the pure part of
 * lambdas/adapters/offline/swallowed-zero.ts. The decoder's choice among the places is tested on the real
 * model (test/integration/swallowed-zero.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { shares, shortNumberGroup, zeroPlacements } from '../../lambdas/adapters/offline/swallowed-zero';

/** Tokens as Moonshine writes them: words with "▁" for a space, each digit a token of its own. */
const pieces = (...tokens: string[]) => tokens;

describe('a nine-digit number in what the decoder wrote', () => {
  it('is found at its last group, one digit a token', () => {
    const heard = pieces('▁I', "'m", '▁at', '▁', '6', '1', '6', '-', '5', '5', '5', '-', '1', '3', '8', '.');
    expect(shortNumberGroup(heard)).toBe(12);
  });

  it('is not a whole number, a longer one, a time or a number with its last group run into a word', () => {
    expect(
      shortNumberGroup(pieces('▁', '6', '1', '6', '-', '5', '5', '5', '-', '0', '1', '3', '8')),
    ).toBeNull();
    expect(
      shortNumberGroup(pieces('▁', '1', '-', '8', '0', '0', '-', '5', '5', '5', '-', '0', '1', '3')),
    ).toBeNull();
    expect(shortNumberGroup(pieces('▁at', '▁', '4', ':', '3', '0'))).toBeNull();
    expect(
      shortNumberGroup(pieces('▁', '4', '1', '4', '-', '8', '7', '4', '-', '1', '7', '5', '-', 'TALK')),
    ).toBeNull();
  });

  it('gives four places for the zero, before each digit of the group and after the last', () => {
    const tokens = [10, 11, 12, 20, 21, 22];
    expect(zeroPlacements(tokens, 3, 0)).toEqual([
      [10, 11, 12, 0, 20, 21, 22],
      [10, 11, 12, 20, 0, 21, 22],
      [10, 11, 12, 20, 21, 0, 22],
      [10, 11, 12, 20, 21, 22, 0],
    ]);
  });

  it("weighs the places by the decoder's log-probabilities, in shares that sum to one", () => {
    const weighed = shares([-14.2, -30.7, -20.9, -21.4]);
    expect(weighed.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(weighed[0]).toBeGreaterThan(0.99);
    expect(shares([-1, -1])).toEqual([0.5, 0.5]);
  });
});
