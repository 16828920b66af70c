import { doubleMetaphone } from 'double-metaphone';
import { distance } from 'fastest-levenshtein';
import type { Phonetics } from '../../ports/phonetics';

/**
 * Double Metaphone (wooorm's `double-metaphone`: a primary and an alternate code, built for names of many
 * origins) and Levenshtein distance (`fastest-levenshtein`).
 */
export const doubleMetaphonePhonetics: Phonetics = {
  codes: (word) => [...new Set(doubleMetaphone(word))].filter((code) => code !== ''),
  distance,
};
