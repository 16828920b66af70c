import { describe, expect, it } from 'vitest';
import {
  hasSpeechEnergy,
  SAMPLE_RATE,
  splitAtQuietPoints,
} from '../../lambdas/adapters/offline/speech-audio';

/** `seconds` of a 200 Hz tone whose loudness follows `envelope(t)` (0..1). */
function signal(seconds: number, envelope: (t: number) => number): Int16Array {
  const out = new Int16Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    out[i] = Math.round(12_000 * envelope(t) * Math.sin(2 * Math.PI * 200 * t));
  }
  return out;
}

/** Loud, with 4 Hz syllable-like swells, and silent from `pauseAt` for 300 ms. */
const speechLike = (pauseAt: number) => (t: number) =>
  t >= pauseAt && t < pauseAt + 0.3 ? 0 : 0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t);

describe('cutting long audio', () => {
  it('leaves audio of 20 s or less whole', () => {
    expect(splitAtQuietPoints(new Int16Array(20 * SAMPLE_RATE))).toEqual([
      { start: 0, end: 20 * SAMPLE_RATE },
    ]);
  });

  it('cuts in the pause between 12 and 20 s, and again in the next piece', () => {
    const samples = signal(45, (t) => (t > 30 ? speechLike(30 + 15.5)(t) : speechLike(15.5)(t)));

    const pieces = splitAtQuietPoints(samples);

    expect(pieces).toHaveLength(3);
    const firstCut = pieces[0]!.end / SAMPLE_RATE;
    expect(firstCut).toBeGreaterThan(15.5);
    expect(firstCut).toBeLessThan(15.8);
    expect(pieces.at(-1)!.end).toBe(samples.length);
    for (const [a, b] of pieces.slice(0, -1).map((p, i) => [p, pieces[i + 1]!]))
      expect(b!.start).toBe(a!.end);
    for (const piece of pieces) expect(piece.end - piece.start).toBeLessThanOrEqual(20 * SAMPLE_RATE);
  });
});

describe('telling speech energy from none', () => {
  const whole = (samples: Int16Array) => ({ start: 0, end: samples.length });

  it('hears speech in sound whose loudness rises and falls like syllables', () => {
    const samples = signal(3, speechLike(10));
    expect(hasSpeechEnergy(samples, whole(samples))).toBe(true);
  });

  it('hears none in silence or in a steady tone', () => {
    const silence = new Int16Array(3 * SAMPLE_RATE);
    const tone = signal(3, () => 1);
    expect(hasSpeechEnergy(silence, whole(silence))).toBe(false);
    expect(hasSpeechEnergy(tone, whole(tone))).toBe(false);
  });
});
