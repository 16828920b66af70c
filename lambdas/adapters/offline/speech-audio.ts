/**
 * What the Moonshine transcriber needs to know about 16 kHz mono PCM before the model sees it: where to cut
 * a long recording (at its quietest moment, so no word is split), and whether a piece has the energy of
 * speech at all (to tell "the model missed the speech" from "there was none"). Pure functions on samples.
 */

export const SAMPLE_RATE = 16_000;

/** Pieces are cut between 12 and 20 s: tiny repeats itself on much longer input (a 62 s clip did). */
export const CUT_WINDOW_SECONDS = { min: 12, max: 20 } as const;
/** The cut goes in the middle of the quietest 100 ms in that window. */
const QUIET_WINDOW_SECONDS = 0.1;
const QUIET_STEP_SECONDS = 0.01;

export type Piece = { readonly start: number; readonly end: number };

/** 16-bit little-endian PCM as samples (a view when the buffer is aligned, else a copy). */
export function pcmSamples(pcm: Buffer): Int16Array {
  const length = Math.floor(pcm.byteLength / 2);
  if (pcm.byteOffset % 2 === 0) return new Int16Array(pcm.buffer, pcm.byteOffset, length);
  const copy = new Int16Array(length);
  for (let index = 0; index < length; index++) copy[index] = pcm.readInt16LE(index * 2);
  return copy;
}

/** Samples start..end as floats in [-1, 1), what the encoder takes. */
export function toFloat32(samples: Int16Array, piece: Piece): Float32Array {
  const out = new Float32Array(piece.end - piece.start);
  for (let index = 0; index < out.length; index++) out[index] = (samples[piece.start + index] ?? 0) / 32_768;
  return out;
}

/** Sum of squares over every window of `size` samples, stepping by `step`, via prefix sums. */
function energyPrefix(samples: Int16Array, from: number, to: number): Float64Array {
  const prefix = new Float64Array(to - from + 1);
  for (let index = from; index < to; index++) {
    const value = samples[index] ?? 0;
    prefix[index - from + 1] = (prefix[index - from] ?? 0) + value * value;
  }
  return prefix;
}

/**
 * Cuts `samples` into pieces no longer than the window's maximum: each cut is at the middle of the quietest
 * 100 ms between 12 and 20 s into the current piece (the pause between two sentences, in speech).
 */
export function splitAtQuietPoints(samples: Int16Array, rate = SAMPLE_RATE): Piece[] {
  const pieces: Piece[] = [];
  const max = CUT_WINDOW_SECONDS.max * rate;
  const min = CUT_WINDOW_SECONDS.min * rate;
  const window = Math.round(QUIET_WINDOW_SECONDS * rate);
  const step = Math.round(QUIET_STEP_SECONDS * rate);
  let start = 0;
  while (samples.length - start > max) {
    const from = start + min;
    const to = start + max;
    const prefix = energyPrefix(samples, from, to);
    let best = from;
    let bestEnergy = Number.POSITIVE_INFINITY;
    for (let at = from; at + window <= to; at += step) {
      const energy = (prefix[at + window - from] ?? 0) - (prefix[at - from] ?? 0);
      if (energy < bestEnergy) {
        bestEnergy = energy;
        best = at;
      }
    }
    const cut = best + Math.floor(window / 2);
    pieces.push({ start, end: cut });
    start = cut;
  }
  if (samples.length > start) pieces.push({ start, end: samples.length });
  return pieces;
}

/** 25 ms frames. */
const FRAME_SECONDS = 0.025;
/** A frame louder than this (dB below full scale) counts as sound; quiet speech is around -35 to -20 dBFS. */
const ACTIVE_DBFS = -45;
/** At least this much sound... */
const MIN_ACTIVE_SECONDS = 0.3;
/**
 * ...whose loudness moves the way syllables make it move. A steady tone or hum varies by a fraction of a dB
 * from frame to frame, and so does steady noise; speech varies by several dB.
 */
const MIN_LOUDNESS_SPREAD_DB = 3;

/** Whether a piece has the energy of speech: enough loud frames, with syllable-like changes in loudness. */
export function hasSpeechEnergy(samples: Int16Array, piece: Piece, rate = SAMPLE_RATE): boolean {
  const frame = Math.round(FRAME_SECONDS * rate);
  const levels: number[] = [];
  for (let at = piece.start; at + frame <= piece.end; at += frame) {
    let sum = 0;
    for (let index = at; index < at + frame; index++) {
      const value = (samples[index] ?? 0) / 32_768;
      sum += value * value;
    }
    const dbfs = 10 * Math.log10(sum / frame + 1e-12);
    if (dbfs > ACTIVE_DBFS) levels.push(dbfs);
  }
  if (levels.length * FRAME_SECONDS < MIN_ACTIVE_SECONDS) return false;
  const mean = levels.reduce((sum, level) => sum + level, 0) / levels.length;
  const variance = levels.reduce((sum, level) => sum + (level - mean) ** 2, 0) / levels.length;
  return Math.sqrt(variance) >= MIN_LOUDNESS_SPREAD_DB;
}
