/**
 * "a.m." and "p.m." heard well however the engine wrote them (issue 32): Moonshine hesitates between "8pm",
 * "8 p.m." and "8 PM" for one "eight p.m.", and that doubt about the writing made a time said clearly
 * "[unclear]". A doubt between "a.m." and "p.m." is still a doubt.
 */
import { describe, expect, it } from 'vitest';
import { endsInDigit, meridiemSpellings, spelledLogProb } from '#core/transcripts/meridiem-spellings';

/** A tiny vocabulary: every spelling the decoder offered for the library's "That's eight p.m.". */
const VOCAB = [
  '<unk>',
  '<s>',
  '</s>',
  '▁That',
  '8',
  'pm',
  ':',
  '▁p',
  '▁pm',
  '▁PM',
  '▁am',
  'am',
  '▁a',
  '▁the',
];
const SPELLINGS = meridiemSpellings(VOCAB);

/** How sure the decoder reads as, given each piece's probability at that step. */
function heardAt(piece: string, probabilities: Record<string, number>, afterDigit = true): number {
  const logProbOf = (id: number) => Math.log(probabilities[VOCAB[id] ?? ''] ?? 1e-9);
  const logProb = Math.log(probabilities[piece] ?? 1e-9);
  return Math.exp(spelledLogProb({ piece, logProb, afterDigit }, SPELLINGS, logProbOf));
}

describe('"p.m." after a time, written any way', () => {
  it('is as sure as all its spellings together: the library’s "8pm" is stated, not "[unclear]"', () => {
    // Chosen "pm" at 0.30 beside ":" 0.21 ("8:00"), "▁p" 0.20 ("8 p.m."), "▁pm" 0.11, "▁PM" 0.08.
    const sure = heardAt('pm', { pm: 0.3, ':': 0.21, '▁p': 0.2, '▁pm': 0.11, '▁PM': 0.08 });
    expect(sure).toBeCloseTo(0.69, 5);
    expect(sure).toBeGreaterThanOrEqual(0.6);
  });

  it('stays doubtful when the engine was torn between a.m. and p.m.', () => {
    expect(heardAt('pm', { pm: 0.45, '▁am': 0.3, am: 0.2 })).toBeCloseTo(0.45, 5);
  });

  it('is only read so after a digit: "a" elsewhere is a word like any other', () => {
    expect(heardAt('▁a', { '▁a': 0.4, '▁am': 0.3, '▁the': 0.3 }, false)).toBeCloseTo(0.4, 5);
    expect(endsInDigit('8')).toBe(true);
    expect(endsInDigit('▁That')).toBe(false);
  });
});
