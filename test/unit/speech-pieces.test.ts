import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from '../../lambdas/adapters/offline/speech-audio';
import {
  piecesAtPauses,
  speechStretches,
  VAD_FRAME_SAMPLES,
} from '../../lambdas/adapters/offline/speech-pieces';

const FRAME_SECONDS = VAD_FRAME_SAMPLES / SAMPLE_RATE;

/** Frame probabilities for `seconds` of audio: speech (0.9) inside the given [start, end) seconds, else 0.05. */
function probabilities(seconds: number, speech: readonly [number, number][]): Float32Array {
  const frames = Math.ceil(seconds / FRAME_SECONDS);
  return Float32Array.from({ length: frames }, (_, frame) => {
    const t = frame * FRAME_SECONDS;
    return speech.some(([from, to]) => t >= from && t < to) ? 0.9 : 0.05;
  });
}

const inSeconds = (pieces: readonly { start: number; end: number }[]) =>
  pieces.map((piece) => [piece.start / SAMPLE_RATE, piece.end / SAMPLE_RATE]);

describe('the stretches of speech a voice-activity detector finds', () => {
  it('are the speech, padded a little each side, with short gaps inside words bridged and clicks dropped', () => {
    const length = 10 * SAMPLE_RATE;
    const stretches = speechStretches(
      probabilities(10, [
        [1, 2.5],
        [2.6, 4], // a 0.1 s gap: the same stretch
        [5, 5.05], // a click
        [6, 8],
      ]),
      length,
    );
    const seconds = inSeconds(stretches);
    expect(seconds).toHaveLength(2);
    expect(seconds[0]![0]).toBeCloseTo(0.85, 1);
    expect(seconds[0]![1]).toBeCloseTo(4.15, 1);
    expect(seconds[1]![0]).toBeCloseTo(5.85, 1);
    expect(seconds[1]![1]).toBeCloseTo(8.15, 1);
  });

  it('are none in silence, and never reach past the recording', () => {
    expect(speechStretches(probabilities(5, []), 5 * SAMPLE_RATE)).toEqual([]);
    const [only] = speechStretches(probabilities(3, [[0, 3]]), 3 * SAMPLE_RATE);
    expect(only).toEqual({ start: 0, end: 3 * SAMPLE_RATE });
  });
});

describe('pieces cut at pauses', () => {
  const samples = (seconds: number) => new Int16Array(Math.round(seconds * SAMPLE_RATE));
  const stretch = (start: number, end: number) => ({ start: start * SAMPLE_RATE, end: end * SAMPLE_RATE });

  it('keep a voicemail with short pauses whole (a phone number read in groups is not split), with up to 1 s of the quiet around it', () => {
    const speech = [stretch(1.5, 6), stretch(6.4, 9), stretch(9.3, 14)];
    const pieces = piecesAtPauses(speech, samples(18));
    expect(inSeconds(pieces)).toEqual([[0.5, 15]]);
    expect(pieces[0]!.speech).toEqual(speech);
  });

  it('end a piece at a long pause', () => {
    const pieces = piecesAtPauses([stretch(0, 5), stretch(8, 12)], samples(13));
    // Each with a second of the pause, and the rest of the recording.
    expect(inSeconds(pieces)).toEqual([
      [0, 6],
      [7, 13],
    ]);
  });

  it('cut a piece that would pass 20 s in its longest pause after 12 s, not in the last one', () => {
    const speech = [stretch(0, 11), stretch(11.3, 13), stretch(14, 17), stretch(17.2, 19), stretch(19.3, 24)];
    const pieces = piecesAtPauses(speech, samples(25), SAMPLE_RATE, 0);
    expect(inSeconds(pieces)).toEqual([
      [0, 13],
      [14, 24],
    ]);
    // With the default margin, the pause is shared half and half.
    expect(inSeconds(piecesAtPauses(speech, samples(25)))).toEqual([
      [0, 13.5],
      [13.5, 25],
    ]);
    expect(pieces[1]!.speech).toHaveLength(3);
  });

  it('cut speech with no pause for longer than 20 s at its quietest points, and take silence whole when nothing is speech', () => {
    const long = piecesAtPauses([stretch(1, 35)], samples(36), SAMPLE_RATE, 0);
    expect(long.length).toBeGreaterThan(1);
    expect(long[0]!.start).toBe(SAMPLE_RATE);
    expect(long.at(-1)!.end).toBe(35 * SAMPLE_RATE);
    for (const piece of long) expect(piece.end - piece.start).toBeLessThanOrEqual(20 * SAMPLE_RATE);

    expect(inSeconds(piecesAtPauses([], samples(8)))).toEqual([[0, 8]]);
  });
});
