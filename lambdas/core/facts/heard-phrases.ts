/**
 * Whether a phrase a summarizer states (a caller's surname, role or business, an urgency reason) was heard
 * (issue 31): EVERY word of it is in the transcript, and somewhere there heard well (not doubted by the
 * engine; a transcript without confidences is taken as heard). A word the transcript lacks is never stated:
 * "Chase Bank" where only "Chase" was said, "Rebecca https://evil.example/pay" where only "Rebecca" was.
 * Only what cannot add a fact is let go unheard: "a", "an", "the", and a title said another way ("Dr." for
 * "doctor"); a possessive matches its word ("Patel's office" for "Patel office").
 */
import type { HeardToken } from '#core/transcripts/heard-transcript';
import { isDoubtful } from '#core/transcripts/heard-words';
import { bareWord } from '#core/transcripts/spoken-numbers';
import { hasLinkText } from './link-text';

/** Words a phrase may hold though nobody said them: they state nothing. */
const UNSTATED_OK = new Set(['a', 'an', 'the']);

/** Titles as written and as said: one word either way. */
const TITLE_SAID: Readonly<Record<string, string>> = {
  dr: 'doctor',
  'dr.': 'doctor',
  mr: 'mister',
  'mr.': 'mister',
  st: 'saint',
  'st.': 'saint',
};

/** A word as the comparison reads it: bare, lowercase, straight apostrophe, no possessive, titles as said. */
function asCompared(word: string): string {
  const bare = bareWord(word).replaceAll('’', "'");
  const spoken = TITLE_SAID[bare] ?? TITLE_SAID[`${bare}.`] ?? bare;
  return spoken.replace(/'s$/, '');
}

/** A token is heard well when the engine was sure enough of it (`least`, else DOUBTFUL_BELOW), or said nothing. */
function heardWell(token: HeardToken, least?: number): boolean {
  if (token.confidence === null) return true;
  return least === undefined
    ? !isDoubtful({ text: token.text, confidence: token.confidence, at: null })
    : token.confidence >= least;
}

/**
 * Whether every word of `phrase` is in `tokens` and heard well there (each at least `least` sure, when
 * given), and the phrase holds no web address or e-mail. An empty phrase is not heard.
 */
export function everyWordHeard(phrase: string, tokens: readonly HeardToken[], least?: number): boolean {
  if (hasLinkText(phrase)) return false;
  const words = phrase
    .split(/\s+/)
    .map(asCompared)
    .filter((word) => word !== '' && !UNSTATED_OK.has(word));
  if (words.length === 0) return false;
  const heard = new Map<string, boolean>();
  for (const token of tokens) {
    const word = asCompared(token.text);
    heard.set(word, (heard.get(word) ?? false) || heardWell(token, least));
  }
  return words.every((word) => heard.get(word) === true);
}

/**
 * How surely a word of a phrase was heard where the transcript has it: the best confidence among its
 * occurrences (1 when the engine gave none), or null when it was never said. "a", "an", "the" count as heard.
 */
export function bestHeard(word: string, tokens: readonly HeardToken[]): number | null {
  const compared = asCompared(word);
  if (UNSTATED_OK.has(compared)) return 1;
  let best: number | null = null;
  for (const token of tokens) {
    if (asCompared(token.text) !== compared) continue;
    best = Math.max(best ?? 0, token.confidence ?? 1);
  }
  return best;
}

/**
 * A phrase as it may be stated: letters, digits, spaces and the marks a name or a business is written with
 * (`'’.,&-`) only. Controls, bidirectional marks, separators, slashes and colons go.
 */
export function plainPhrase(phrase: string): string {
  return phrase
    .replace(/[^\p{L}\p{M}\p{N}\s'’.,&-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}
