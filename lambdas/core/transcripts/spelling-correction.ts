/**
 * Offline "names spelled right": a transcript's one- to three-word spans that sound like one of the sender's
 * words (same or nearly the same phonetic code, and letters not too far off) are replaced by that word as the
 * sender spells it. Guards keep ordinary speech alone: short words are never targets, a near match must begin
 * with the same sound, a lone common word is never replaced, a span of common words only on an exact
 * phonetic match, and numbers and punctuation are never crossed. The phonetic codes and the edit distance
 * come from a library behind `Phonetics` (ports/phonetics.ts). The transcript's words (core/transcripts/heard-words.ts)
 * are rewritten with it, so they stay the transcript word for word.
 */
import { type HeardWord, transcriptOf } from './heard-words';

/** What the matching needs from a phonetic library. */
export type Phonetics = {
  /** A word's phonetic codes (Double Metaphone gives a primary and an alternate; either may match). */
  codes(word: string): readonly string[];
  /** Levenshtein distance between two strings. */
  distance(a: string, b: string): number;
};

export type SpellingOptions = {
  readonly phonetics: Phonetics;
  /** True for an everyday word (lower case), which is what the speaker most likely said. */
  readonly isCommonWord: (word: string) => boolean;
};

/** Words shorter than this are never targets: too many ordinary words sound like them. */
const MIN_TARGET_LETTERS = 4;
const MAX_SPAN_WORDS = 3;
/**
 * A span whose phonetic code is one edit away matches only when its letters are at most this far off (edits
 * over the longer length): "Shao Bong" for Siobhan is 0.63, "Kao Chick" for Kowalczyk 0.67.
 */
const MAX_LETTER_DISTANCE_RATIO = 0.7;
/** A span of everyday words needs the same code and letters this close ("a wife" for Aoife is 0.2). */
const MAX_COMMON_LETTER_DISTANCE_RATIO = 1 / 3;
/** Codes this short must match exactly (one edit in two letters is a different sound). */
const MIN_CODE_FOR_NEAR_MATCH = 3;

type Token = { readonly start: number; readonly end: number; readonly letters: string };
type Candidate = {
  readonly first: number;
  readonly last: number;
  readonly from: number;
  readonly to: number;
  readonly word: string;
  readonly score: number;
};

/** One span of the transcript (characters `from` to `to`) to be written as the sender's `word`. */
type Edit = { readonly from: number; readonly to: number; readonly word: string };

/** The transcript with spans that sound like a vocabulary word written as that word. */
export function correctSpelling(text: string, vocabulary: readonly string[], options: SpellingOptions) {
  let out = text;
  for (const { from, to, word } of spellingEdits(text, vocabulary, options)) {
    out = out.slice(0, from) + word + out.slice(to);
  }
  return out;
}

/**
 * The words with the same corrections, still the corrected transcript word for word. A corrected span keeps
 * what was heard of it: the least confidence of the words it replaces (sounding like the sender's word is
 * not hearing it well) and the time of its first word.
 */
export function correctWordsSpelling(
  words: readonly HeardWord[],
  vocabulary: readonly string[],
  options: SpellingOptions,
): HeardWord[] {
  const out = [...words];
  const starts: number[] = [];
  let offset = 0;
  for (const word of words) {
    starts.push(offset);
    offset += word.text.length + 1;
  }
  // Last span first: what lies before a span (its words' indexes, their text up to it) is still as heard.
  for (const { from, to, word } of spellingEdits(transcriptOf(words), vocabulary, options)) {
    const first = wordAt(starts, from);
    const last = wordAt(starts, to - 1);
    const replaced = out.slice(first, last + 1);
    const text =
      out[first]!.text.slice(0, from - starts[first]!) + word + out[last]!.text.slice(to - starts[last]!);
    const confidence = Math.min(...replaced.map((heard) => heard.confidence));
    const at = out[first]!.at;
    out.splice(first, last - first + 1, ...text.split(' ').map((part) => ({ text: part, confidence, at })));
  }
  return out;
}

/** The index of the word whose characters include `offset` (words start at `starts`, one space apart). */
function wordAt(starts: readonly number[], offset: number): number {
  let index = 0;
  while (index + 1 < starts.length && starts[index + 1]! <= offset) index++;
  return index;
}

/** The spans to correct, without overlaps, the last in the transcript first. */
function spellingEdits(text: string, vocabulary: readonly string[], options: SpellingOptions): Edit[] {
  const targets = vocabulary
    .map((word) => ({ word, letters: lettersOf(word) }))
    .filter((target) => target.letters.length >= MIN_TARGET_LETTERS)
    .map((target) => ({ ...target, codes: options.phonetics.codes(target.letters) }));
  if (targets.length === 0) return [];
  const tokens = wordTokens(text);
  const candidates: Candidate[] = [];
  for (let first = 0; first < tokens.length; first++) {
    for (let last = first; last < Math.min(tokens.length, first + MAX_SPAN_WORDS); last++) {
      // Words heard as one name are joined by spaces or hyphens; a comma or a period is a pause between words.
      if (last > first && !/^[\s-]+$/.test(text.slice(tokens[last - 1]!.end, tokens[last]!.start))) break;
      const span = tokens.slice(first, last + 1);
      if (span.some((token) => token.letters === '')) break;
      for (const target of targets) {
        const score = matchScore(span, target, options);
        if (score === null) continue;
        candidates.push({
          first,
          last,
          from: span[0]!.start,
          to: span.at(-1)!.end,
          word: target.word,
          score,
        });
      }
    }
  }
  // A span that matches only because it took in an everyday word at its edge ("rag-unith in" when
  // "rag-unith" matches too) would swallow that word: the shorter span is the match.
  const matched = new Set(candidates.map((c) => `${c.first}:${c.last}:${c.word}`));
  const everyday = (index: number) => options.isCommonWord(tokens[index]!.letters);
  const kept = candidates.filter(
    (c) =>
      c.first === c.last ||
      !(
        (everyday(c.first) && matched.has(`${c.first + 1}:${c.last}:${c.word}`)) ||
        (everyday(c.last) && matched.has(`${c.first}:${c.last - 1}:${c.word}`))
      ),
  );
  // The best matches first (a word already right, even as it is, holds its place against a longer span
  // around it); a longer span wins a tie (it explains more of what was heard).
  kept.sort((a, b) => a.score - b.score || b.to - b.from - (a.to - a.from));
  const chosen: Candidate[] = [];
  for (const candidate of kept) {
    if (chosen.some((other) => candidate.from < other.to && other.from < candidate.to)) continue;
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => b.from - a.from);
}

/** How well a span sounds like a target (lower is better; negative: the same word), or null: no match. */
function matchScore(
  span: readonly Token[],
  target: { readonly letters: string; readonly codes: readonly string[] },
  { phonetics, isCommonWord }: SpellingOptions,
): number | null {
  const letters = span.map((token) => token.letters).join('');
  if (letters === target.letters) return span.length === 1 ? -1 : 0;
  if (letters.length < target.letters.length * 0.5 || letters.length > target.letters.length * 1.6)
    return null;
  const common = span.every((token) => isCommonWord(token.letters));
  if (common && span.length === 1) return null;
  const spanCodes = phonetics.codes(letters);
  let codeDistance = Number.POSITIVE_INFINITY;
  let shortest = Number.POSITIVE_INFINITY;
  for (const a of spanCodes) {
    for (const b of target.codes) {
      // A near match must begin with the same sound: "nurse" is not Saoirse, "Shao Bong" is Siobhan.
      if (a[0] !== b[0]) continue;
      codeDistance = Math.min(codeDistance, phonetics.distance(a, b));
      shortest = Math.min(shortest, a.length, b.length);
    }
  }
  const letterRatio =
    phonetics.distance(letters, target.letters) / Math.max(letters.length, target.letters.length);
  if (codeDistance === 0) {
    const limit = common ? MAX_COMMON_LETTER_DISTANCE_RATIO : MAX_LETTER_DISTANCE_RATIO;
    return letterRatio > limit ? null : letterRatio;
  }
  if (common || codeDistance > 1 || shortest < MIN_CODE_FOR_NEAR_MATCH) return null;
  if (letterRatio > MAX_LETTER_DISTANCE_RATIO) return null;
  return codeDistance + letterRatio;
}

/** Lower-case letters only ("O'Neil" is "oneil"). */
function lettersOf(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}]/gu, '');
}

/**
 * The words of a transcript with where they are. A word with a digit in it gets no letters (never matched);
 * a possessive or contracted "'s" stays outside the word ("Zocchetola's" is "Xochitl's" when corrected).
 */
function wordTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}'’]+/gu)) {
    const word = match[0].replace(/['’]s$/i, '');
    tokens.push({
      start: match.index,
      end: match.index + word.length,
      letters: /\p{N}/u.test(word) ? '' : lettersOf(word),
    });
  }
  return tokens;
}
