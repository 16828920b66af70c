/**
 * Decoder loops cut in linear time (issue 31): the new cutting (core/transcripts/loop-cutting.ts) and the
 * one-pass search for runs (core/transcripts/repetition-runs.ts) give exactly what the quadratic code they
 * replaced gave (kept as test/support/decoder-loops-oracle.ts): the same words, marks, confidences and times,
 * the same share of loop, the same longest repetition, on thousands of random transcripts full of repetition
 * and on hostile ones. How fast is the benchmark's to say (npm run bench -- hostile), not a test's.
 */
import { describe, expect, it } from 'vitest';
import { cutLoops, isRepetitionLoop, longestRepetition, loopShareOf } from '#core/transcripts/decoder-loops';
import { transcriptOf, UNCLEAR_MARK } from '#core/transcripts/heard-words';
import * as before from '../support/decoder-loops-oracle';
import { HOSTILE_SHAPES, heardWords, randomLoopWords, seededRandom } from '../support/hostile-transcripts';

describe('loops are cut as before, on random transcripts full of repetition', () => {
  it('gives the same words and share of loop on 3,000 random transcripts', () => {
    const random = seededRandom(31);
    for (let round = 0; round < 3000; round++) {
      const words = randomLoopWords(random, 1 + Math.floor(random() * 60));
      expect(cutLoops(words), transcriptOf(words)).toEqual(before.cutLoops(words));
    }
  });

  it('finds the same loop and the same longest repetition in the text alone', () => {
    const random = seededRandom(2031);
    for (let round = 0; round < 3000; round++) {
      const text = transcriptOf(randomLoopWords(random, 1 + Math.floor(random() * 40)));
      expect(isRepetitionLoop(text), text).toBe(before.isRepetitionLoop(text));
      expect(longestRepetition(text), text).toEqual(before.longestRepetition(text));
      expect(loopShareOf(text), text).toBe(before.loopShareOf(text));
    }
  });

  it('gives the same on long transcripts with hundreds of loops, nested and side by side', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 20; round++) {
      const words = randomLoopWords(random, 600);
      expect(cutLoops(words)).toEqual(before.cutLoops(words));
    }
  });
});

describe('hostile transcripts are cut as before', () => {
  it.each(HOSTILE_SHAPES.map((shape) => [shape.name, shape] as const))('%s, 1,000 words', (_name, shape) => {
    const words = heardWords(shape.words(1000));
    expect(cutLoops(words)).toEqual(before.cutLoops(words));
  });

  it('cuts 20,000 words of one word back to that word and one mark', () => {
    const cut = cutLoops(heardWords(Array.from({ length: 20_000 }, () => 'aki')));
    expect(transcriptOf(cut.words)).toBe(`aki ${UNCLEAR_MARK}`);
    expect(cut.words[1]).toEqual({ text: UNCLEAR_MARK, confidence: 0, at: 1 });
  });

  it('cuts each of 20,000 words said six times in a row back to once, each with its mark', () => {
    const cut = cutLoops(
      heardWords(HOSTILE_SHAPES.find((shape) => shape.name === 'many-loops')!.words(20_000)),
    );
    // 3,333 words said six times and the last one twice (no loop): each loop leaves its word and a mark.
    expect(cut.words).toHaveLength(3333 * 2 + 2);
    expect(transcriptOf(cut.words.slice(0, 4))).toBe(`w0 ${UNCLEAR_MARK} w1 ${UNCLEAR_MARK}`);
    expect(transcriptOf(cut.words.slice(-4))).toBe(`w3332 ${UNCLEAR_MARK} w3333 w3333`);
    expect(cut.loopShare).toBeGreaterThan(0.5);
  });

  it('cuts every digit group said three times in 20,000 numbers', () => {
    const shape = HOSTILE_SHAPES.find((candidate) => candidate.name === 'digit-groups')!;
    const cut = cutLoops(heardWords(shape.words(20_000)));
    expect(transcriptOf(cut.words.slice(0, 6))).toBe(
      `555-100 ${UNCLEAR_MARK} 555-101 ${UNCLEAR_MARK} 555-102 ${UNCLEAR_MARK}`,
    );
    expect(cut.words).toHaveLength(40_000);
  });
});
