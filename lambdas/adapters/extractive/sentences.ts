/**
 * A transcript cut into sentences: at its punctuation when the engine wrote some (Moonshine, OpenAI), else
 * into chunks at the words that usually start a new thought (an engine that writes lowercase words only).
 */
import { bareWord } from '#core/transcripts/spoken-numbers';
import { capitalize } from './words';

/** Words that usually start a new thought in speech; an unpunctuated transcript is cut before them. */
const STARTERS = new Set([
  'hi',
  'hello',
  'hey',
  'this',
  'i',
  "i'm",
  'im',
  "i'll",
  "i've",
  "i'd",
  'please',
  'so',
  'anyway',
  'also',
  'thanks',
  'thank',
  'can',
  'could',
  'would',
  'my',
  'we',
  'just',
  'bye',
  'okay',
  'ok',
  'well',
  'but',
  'let',
  'give',
]);

/** Chunks of an unpunctuated transcript: at least this many words before a starter word may cut it... */
const MIN_CHUNK_WORDS = 6;
/** ...and never more than this many. */
const MAX_CHUNK_WORDS = 18;

/** A sentence of the transcript, and the indices of the words it was made from. */
export type Sentence = { readonly text: string; readonly words: readonly number[] };

/** Sentences of a punctuated transcript: after . ! ? when the next word starts a sentence. */
export function punctuatedSentences(tokens: readonly string[]): Sentence[] {
  const sentences: Sentence[] = [];
  let current: number[] = [];
  tokens.forEach((token, index) => {
    current.push(index);
    const next = tokens[index + 1];
    const ends = /[.!?]["')]*$/.test(token) && !/^(mr|mrs|ms|dr|st|jr|sr)\.$/i.test(token);
    const startsNext = next === undefined || /^["'(]?[\p{Lu}\d]/u.test(next);
    // "at 718. 555-0129": a number the engine broke with a full stop goes on.
    const brokenNumber = /^\(?\d+\.$/.test(token) && /^\d/.test(next ?? '');
    if (ends && startsNext && !brokenNumber) {
      sentences.push(sentenceOf(tokens, current));
      current = [];
    }
  });
  if (current.length > 0) sentences.push(sentenceOf(tokens, current));
  return sentences;
}

const sentenceOf = (tokens: readonly string[], words: readonly number[]): Sentence => ({
  text: words.map((index) => tokens[index] ?? '').join(' '),
  words,
});

/** A conjunction before a starter word opens the new thought ("...arrived | and I left it..."). */
const CONJUNCTIONS = new Set(['and', 'but', 'so', 'because', 'or']);

/** Words that cannot end a thought: "wanted to | let you know" is one. */
const BINDING = new Set([
  'to',
  'the',
  'a',
  'an',
  'of',
  'for',
  'with',
  'that',
  'just',
  'wanted',
  'want',
  'will',
  'would',
  'can',
  'could',
  'should',
  'please',
  'if',
  'at',
  'in',
  'on',
  'my',
  'your',
  'is',
  'are',
  'was',
  'be',
  'this',
]);

/** Sentences of an unpunctuated transcript: cut before a word that starts a thought, or every 18 words. */
export function chunkedSentences(tokens: readonly string[]): Sentence[] {
  const sentences: number[][] = [];
  let current: number[] = [];
  const word = (index: number | undefined) => bareWord(index === undefined ? '' : (tokens[index] ?? ''));
  tokens.forEach((token, index) => {
    const previous = word(current.at(-1));
    const starts =
      STARTERS.has(bareWord(token)) && current.length >= MIN_CHUNK_WORDS && !BINDING.has(previous);
    if (starts && CONJUNCTIONS.has(previous)) {
      const conjunction = current.pop() ?? index;
      sentences.push(current);
      current = [conjunction];
    } else if (current.length > 0 && (starts || current.length >= MAX_CHUNK_WORDS)) {
      sentences.push(current);
      current = [];
    }
    current.push(index);
  });
  // A tail of a word or two ("...have a good | one") belongs to the sentence before it.
  if (current.length > 0 && current.length < 3 && sentences.length > 0) {
    sentences.push([...(sentences.pop() ?? []), ...current]);
  } else if (current.length > 0) {
    sentences.push(current);
  }
  return sentences.map((words) => {
    const text = words.map((index) => tokens[index] ?? '').join(' ');
    return { text: `${capitalize(withoutTrailingPleasantries(text))}.`, words };
  });
}

const TRAILING_PLEASANTRY =
  /\s+(?:thanks|thank you|bye|bye bye|goodbye|have a (?:good|nice|great) (?:day|one|evening|weekend)|talk to you (?:later|soon))$/i;

/** "...call me back thanks bye" -> "...call me back": a spoken sign-off is not part of the request. */
function withoutTrailingPleasantries(sentence: string): string {
  let rest = sentence;
  while (TRAILING_PLEASANTRY.test(rest) && rest.split(/\s+/).length > 3)
    rest = rest.replace(TRAILING_PLEASANTRY, '');
  return rest;
}
