/**
 * A sender's vocabulary: the names and terms they asked to have spelled right (issue 18, the SPELL list kept
 * in the per-sender preferences). Engines get it as `VocabularyHints` (ports/transcriber.ts); this module says
 * what a usable list is.
 */

/** At most this many words in a sender's list (the SPELL command's limit). */
export const MAX_VOCABULARY_WORDS = 50;
/** Longer "words" are not names: they are dropped rather than sent to an engine. */
export const MAX_VOCABULARY_WORD_LENGTH = 40;

/** A word is letters and digits, with apostrophes, hyphens, periods or "&" inside ("O'Neil", "AT&T"). */
const WORD = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’.&-]*$/u;

/**
 * The list as engines use it: one word per entry (entries with spaces are split), trimmed of punctuation
 * around them, anything else that is not a word dropped (a list reaches a prompt: it must not carry
 * sentences), duplicates (ignoring case) dropped, the first spelling kept, at most `MAX_VOCABULARY_WORDS`.
 */
export function normalizeVocabulary(words: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of words ?? []) {
    for (const raw of entry.split(/\s+/)) {
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (!WORD.test(word) || word.length > MAX_VOCABULARY_WORD_LENGTH) continue;
      const key = word.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(word);
      if (out.length === MAX_VOCABULARY_WORDS) return out;
    }
  }
  return out;
}
