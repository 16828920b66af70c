/** Word-level helpers every stage of the extractive summarizer shares. */
import { bareWord } from '#core/transcripts/spoken-numbers';

/** Hesitations recognizers write out; they carry no meaning. */
const FILLERS = new Set(['um', 'uh', 'uhm', 'umm', 'erm', 'er', 'ah', 'hmm', 'mm', 'mhm']);

/** A hesitation ("um", "uh"): a word that carries no meaning. */
export const isFiller = (token: string): boolean => FILLERS.has(bareWord(token));

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
