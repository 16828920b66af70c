/**
 * Where speech is in a recording and how to cut it into the pieces Moonshine decodes (issue 32): from a
 * voice-activity detector's speech probability per frame (Silero, lambdas/adapters/offline/silero-vad.ts), the
 * stretches of speech, then pieces of whole stretches cut in the pauses between them, so no word is split,
 * long silences are not decoded, and each piece knows where its speech lies (the words' times are read from
 * it). Pure functions on frame probabilities and sample positions.
 */
import { CUT_WINDOW_SECONDS, type Piece, SAMPLE_RATE, splitAtQuietPoints } from './speech-audio';

/** Silero's frame at 16 kHz: 512 samples, 32 ms. */
export const VAD_FRAME_SAMPLES = 512;

/** A frame at or above this probability starts speech; speech goes on until frames fall below the second. */
const SPEECH_STARTS_AT = 0.5;
const SPEECH_ENDS_BELOW = 0.35;
/** A pause shorter than this does not end a stretch of speech (the gap inside a word, or between two). */
const MIN_PAUSE_SECONDS = 0.25;
/** A stretch shorter than this is a click or a breath, not speech. */
const MIN_SPEECH_SECONDS = 0.2;
/** Each stretch is widened by this much each side: Silero is late on soft onsets and early on trailing sounds. */
const PAD_SECONDS = 0.15;
/**
 * A pause at least this long always ends a piece (two things said apart, nothing lost by decoding them
 * apart); shorter ones (the commas of a phone number read out) end one only when the piece would be too long.
 */
const PIECE_PAUSE_SECONDS = 1.5;
/**
 * A piece reaches this far into the quiet around its speech (at most half way to the next piece's speech):
 * Moonshine heard noisy speech worse with its edges trimmed to the speech than with the quiet kept.
 */
export const PIECE_MARGIN_SECONDS = 1;

/** A piece and where its speech is: stretches of samples inside it, in order. */
export type SpeechPiece = Piece & { readonly speech: readonly Piece[] };

/**
 * The stretches of speech: frames from one at SPEECH_STARTS_AT or above until the probability stays below
 * SPEECH_ENDS_BELOW for MIN_PAUSE_SECONDS; stretches shorter than MIN_SPEECH_SECONDS dropped, each padded
 * by PAD_SECONDS (overlapping ones merged), in samples within [0, length).
 */
export function speechStretches(
  probabilities: ArrayLike<number>,
  length: number,
  frame = VAD_FRAME_SAMPLES,
  rate = SAMPLE_RATE,
): Piece[] {
  const minPause = Math.ceil((MIN_PAUSE_SECONDS * rate) / frame);
  const raw: Piece[] = [];
  let start = -1;
  let quiet = 0;
  for (let index = 0; index < probabilities.length; index++) {
    const p = probabilities[index]!;
    if (start < 0) {
      if (p >= SPEECH_STARTS_AT) {
        start = index;
        quiet = 0;
      }
      continue;
    }
    quiet = p < SPEECH_ENDS_BELOW ? quiet + 1 : 0;
    if (quiet >= minPause) {
      raw.push({ start: start * frame, end: (index - quiet + 1) * frame });
      start = -1;
    }
  }
  if (start >= 0) raw.push({ start: start * frame, end: probabilities.length * frame });
  const pad = Math.round(PAD_SECONDS * rate);
  const stretches: Piece[] = [];
  for (const stretch of raw) {
    if (stretch.end - stretch.start < MIN_SPEECH_SECONDS * rate) continue;
    const padded = { start: Math.max(0, stretch.start - pad), end: Math.min(length, stretch.end + pad) };
    const last = stretches.at(-1);
    if (last && padded.start <= last.end)
      stretches[stretches.length - 1] = { start: last.start, end: padded.end };
    else if (padded.end > padded.start) stretches.push(padded);
  }
  return stretches;
}

/**
 * The pieces to decode: consecutive stretches of speech grouped while the piece stays within the cut
 * window's maximum (20 s) and no pause of PIECE_PAUSE_SECONDS or more comes between them. A piece that
 * would grow too long is cut in the longest pause that leaves it at least the window's minimum (12 s), so
 * it is cut between sentences rather than inside a phone number; a single stretch longer than the maximum
 * (speech without a pause) is cut at its quietest points, as before. Each piece then takes in up to
 * PIECE_MARGIN_SECONDS of the quiet around it. No speech at all: the whole recording in pieces cut at quiet
 * points, each taken as speech (the decoder then decides what, if anything, was said).
 */
export function piecesAtPauses(
  stretches: readonly Piece[],
  samples: Int16Array,
  rate = SAMPLE_RATE,
  marginSeconds = PIECE_MARGIN_SECONDS,
): SpeechPiece[] {
  return withMargins(groupStretches(stretches, samples, rate), samples.length, marginSeconds * rate);
}

/** Each piece widened by up to `margin` samples each side, never past half way to its neighbour's speech. */
function withMargins(pieces: readonly SpeechPiece[], length: number, margin: number): SpeechPiece[] {
  return pieces.map((piece, index) => {
    const before = index === 0 ? 0 : Math.ceil((piece.start + pieces[index - 1]!.end) / 2);
    const after =
      index === pieces.length - 1 ? length : Math.floor((piece.end + pieces[index + 1]!.start) / 2);
    return {
      ...piece,
      start: Math.max(before, piece.start - Math.round(margin)),
      end: Math.min(after, piece.end + Math.round(margin)),
    };
  });
}

function groupStretches(stretches: readonly Piece[], samples: Int16Array, rate: number): SpeechPiece[] {
  if (stretches.length === 0) {
    return splitAtQuietPoints(samples, rate).map((piece) => ({ ...piece, speech: [piece] }));
  }
  const max = CUT_WINDOW_SECONDS.max * rate;
  const min = CUT_WINDOW_SECONDS.min * rate;
  const longPause = PIECE_PAUSE_SECONDS * rate;
  const gapAfter = (index: number) => stretches[index + 1]!.start - stretches[index]!.end;
  const pieces: SpeechPiece[] = [];
  let first = 0;
  while (first < stretches.length) {
    const start = stretches[first]!.start;
    if (stretches[first]!.end - start > max) {
      // Speech with no pause for longer than a piece may be: cut it at its quietest points.
      const inside = samples.subarray(start, stretches[first]!.end);
      for (const piece of splitAtQuietPoints(inside, rate)) {
        const shifted = { start: piece.start + start, end: piece.end + start };
        pieces.push({ ...shifted, speech: [shifted] });
      }
      first++;
      continue;
    }
    let last = first;
    while (
      last + 1 < stretches.length &&
      stretches[last + 1]!.end - start <= max &&
      gapAfter(last) < longPause
    ) {
      last++;
    }
    const tooLong = last + 1 < stretches.length && gapAfter(last) < longPause;
    if (tooLong) {
      // The piece stopped growing because the next stretch would make it too long: cut in its longest pause
      // past the window's minimum.
      let best = last;
      for (let index = first; index < last; index++) {
        if (stretches[index]!.end - start < min) continue;
        if (gapAfter(index) > gapAfter(best)) best = index;
      }
      last = best;
    }
    const speech = stretches.slice(first, last + 1);
    pieces.push({ start, end: stretches[last]!.end, speech });
    first = last + 1;
  }
  return pieces;
}
