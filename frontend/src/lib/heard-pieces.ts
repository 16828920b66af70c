/**
 * A transcript cut into what the page shows plainly and the words it shades (issue 24): the transcript's own
 * text, whitespace and all, with each doubtful word (core/transcripts/heard-words.ts) picked out where it stands. The
 * words must be the transcript word for word; when they are not (a transcript corrected since, words from an
 * older engine), nothing is shaded rather than the wrong words.
 */
import { type HeardWord, isDoubtful } from '@core/transcripts/heard-words';

/** A run of the transcript shown plainly, or one doubtful word (`before` and `after`: its punctuation, unshaded). */
export type HeardPiece =
  | { readonly kind: 'plain'; readonly text: string }
  | {
      readonly kind: 'doubtful';
      readonly before: string;
      readonly text: string;
      readonly after: string;
      readonly at: number | null;
      /** The word's place in the transcript (0-based), a stable key. */
      readonly index: number;
    };

/** A word's leading and trailing punctuation stay unshaded, unless the word is nothing else ("—"). */
function splitPunctuation(word: string): { before: string; text: string; after: string } {
  const match = /^([\p{P}\p{S}]*)(.*?)([\p{P}\p{S}]*)$/u.exec(word);
  if (!match || match[2] === '') return { before: '', text: word, after: '' };
  return { before: match[1] ?? '', text: match[2] ?? word, after: match[3] ?? '' };
}

/**
 * The transcript as pieces, or null when the words are not the transcript (so nothing is shaded). Only
 * whitespace may stand between words, and nothing but whitespace after the last.
 */
export function heardPieces(transcript: string, words: readonly HeardWord[]): HeardPiece[] | null {
  const pieces: HeardPiece[] = [];
  let plain = '';
  let position = 0;
  for (const [index, word] of words.entries()) {
    const found = transcript.indexOf(word.text, position);
    if (found < 0 || transcript.slice(position, found).trim() !== '') return null;
    plain += transcript.slice(position, found);
    position = found + word.text.length;
    if (!isDoubtful(word)) {
      plain += word.text;
      continue;
    }
    if (plain) pieces.push({ kind: 'plain', text: plain });
    plain = '';
    pieces.push({ kind: 'doubtful', ...splitPunctuation(word.text), at: word.at, index });
  }
  if (transcript.slice(position).trim() !== '') return null;
  plain += transcript.slice(position);
  if (plain) pieces.push({ kind: 'plain', text: plain });
  return pieces;
}

/** Whether any word is shaded. */
export const hasDoubt = (pieces: readonly HeardPiece[] | null): boolean =>
  pieces?.some((piece) => piece.kind === 'doubtful') ?? false;

const pieceLength = (piece: HeardPiece): number =>
  piece.kind === 'plain' ? piece.text.length : piece.before.length + piece.text.length + piece.after.length;

/** The first `length` characters of the pieces; a shaded word cut through is shown plainly, as far as it goes. */
export function firstCharacters(pieces: readonly HeardPiece[], length: number): HeardPiece[] {
  const kept: HeardPiece[] = [];
  let left = length;
  for (const piece of pieces) {
    if (left <= 0) break;
    const size = pieceLength(piece);
    if (size <= left) kept.push(piece);
    else {
      const text = piece.kind === 'plain' ? piece.text : `${piece.before}${piece.text}${piece.after}`;
      kept.push({ kind: 'plain', text: text.slice(0, left) });
    }
    left -= size;
  }
  return kept;
}

/** How far before a word's piece the recording starts when the word is tapped: a moment to hear it coming. */
export const LEAD_IN_SECONDS = 2;

/** Where the recording plays from for a word heard in the piece starting at `at`. */
export const listenFrom = (at: number): number => Math.max(0, at - LEAD_IN_SECONDS);
