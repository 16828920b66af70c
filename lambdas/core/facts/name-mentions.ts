/**
 * The caller's name where they introduce themselves (issue 24): "this is Jenna", "it's Dad", "my name is Dr.
 * Kim", "I'm Dana", "Ngozi here", "Chloe from Bella Salon here", "Jake from Acme Plumbing." opening a
 * sentence. Only a word that reads as a name: in a
 * transcript the engine wrote with capitals (Moonshine, OpenAI), a capitalized one; in any, none of the words
 * that follow "it's" in speech ("it's me", "it's four one five..."). A surname that follows belongs to it, so
 * that a name heard as two words ("Sam Jolly" for "Anjali") is judged by both.
 */
import { TEENS, TENS, UNITS } from '#core/transcripts/spoken-numbers';
import { shapeEnd } from './business-mentions';
import { ROLE_WORDS, TITLES } from './caller-words';
import { type Mention, WEEKDAYS } from './time-mentions';

const INTRODUCERS: readonly (readonly string[])[] = [
  ['my', 'name', 'is'],
  ['this', 'is'],
  ['it', 'is'],
  ["it's"],
  ['its'],
  ["name's"],
  ["i'm"],
  ['i', 'am'],
];
/** Whose name "name's" gives when this word comes before it: "his name's Pepper" is the dog's, not the caller's. */
const SOMEONE_ELSES = new Set(['his', 'her', 'their', 'its', 'your', 'our', 'the']);

/**
 * Whether the introducer found at `index` gives someone else's name ("his name's Pepper", "her name is
 * Rosa"), not the caller's: only "my name is", or "name's" opening the sentence, introduce the caller.
 */
export function introducesSomeoneElse(words: readonly string[], index: number): boolean {
  return (words[index] === "name's" || words[index] === 'name') && SOMEONE_ELSES.has(words[index - 1] ?? '');
}

const GREETINGS = new Set(['hi', 'hello', 'hey']);
/** How far "here" may come after a name that is not introduced otherwise: "Chloe from Bella Salon here". */
const HERE_REACH = 5;
/** Words after which a capitalized word opening a sentence is who is calling: "Jake from Acme Plumbing." */
const AFFILIATION = new Set(['from', 'with', 'at']);

/** Words after "this is" or "it's" that are not a name (in a transcript without capitals, the only guide). */
const NOT_NAMES = new Set([
  ...Object.keys(UNITS),
  ...Object.keys(TEENS),
  ...Object.keys(TENS),
  ...WEEKDAYS,
  // "this is Pharmacist", "it's Nurse": what the caller is, not who (core/facts/caller-words.ts).
  ...ROLE_WORDS,
  ...[
    'a an the me my your our his her their just about calling here there not so that what going really very',
    'important urgent okay ok good great time too only i we you he she they it this from with at for on in to',
    'and or but please sorry reminder message quick again regarding still now actually probably all no yes',
    'also gonna kind returning following checking trying over late early done fine hard true glad happy sure',
    'hi hello hey thanks bye good morning afternoon evening dear sweetheart honey as if when then',
  ]
    .join(' ')
    .split(' '),
]);

/** A contraction ("I've", "We'll", "I'm", "they're", "can't"): a sentence's start, never a name (O'Brien is one). */
const CONTRACTION = /(?:'|’)(?:ve|m|ll|d|re)$|n(?:'|’)t$/i;

/** The word as a name would be written ("Jenna," -> "Jenna", "Kim's" -> "Kim"), or null when it reads as none. */
function asName(token: string, cased: boolean): string | null {
  const name = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').replace(/'s$/, '');
  const reads =
    /^\p{L}[\p{L}'-]+$/u.test(name) &&
    !CONTRACTION.test(name) &&
    !NOT_NAMES.has(name.toLowerCase()) &&
    (!cased || /^\p{Lu}/u.test(name));
  return reads ? name : null;
}

/** Where the name that starts at `given` ends: after its surname when one follows in the same clause. */
function nameEnd(tokens: readonly string[], given: number, cased: boolean): number {
  const first = tokens[given] ?? '';
  if (!cased || /[.,;:!?]$/.test(first)) return given + 1;
  return asName(tokens[given + 1] ?? '', cased) === null ? given + 1 : given + 2;
}

/**
 * Whether the name at `given` is followed, after a comma, by a business: "Hi, Marisol Vega, city building
 * department." (issue 32), a caller greeting, then giving their name and office with no "this is".
 */
function beforeBusiness(tokens: readonly string[], words: readonly string[], given: number, cased: boolean) {
  const end = nameEnd(tokens, given, cased);
  if (!(tokens[end - 1] ?? '').endsWith(',')) return false;
  return shapeEnd(tokens, words, words[end] === 'the' ? end + 1 : end) > 0;
}

/** The names callers introduced themselves with in a text's words (`words`: bare and lowercase). */
export function nameMentions(tokens: readonly string[], words: readonly string[]): Mention[] {
  // Capitals say what a name is only when the engine writes them (Moonshine, OpenAI; not an all-lowercase text).
  const cased =
    tokens.some((token) => /\p{Lu}/u.test(token)) && tokens.some((token) => /\p{Ll}/u.test(token));
  const found: Mention[] = [];
  const add = (start: number, given: number) => {
    const value = asName(tokens[given] ?? '', cased);
    if (value === null || found.some((mention) => mention.start === start)) return;
    found.push({ kind: 'name', start, end: nameEnd(tokens, given, cased), value, problem: null });
  };
  for (let index = 0; index < words.length; index++) {
    const introducer = INTRODUCERS.find((phrase) => phrase.every((part, at) => words[index + at] === part));
    if (introducer !== undefined && !introducesSomeoneElse(words, index)) {
      const start = index + introducer.length;
      // "this is Professor Hiroshi Tanaka", "it's Coach Rivera": the name follows the title.
      const titled = TITLES.has(words[start] ?? '') && asName(tokens[start + 1] ?? '', cased) !== null;
      add(start, titled ? start + 1 : start);
    } else if (
      cased &&
      (index === 0 || GREETINGS.has(words[index - 1] ?? '') || /[.!?]$/.test(tokens[index - 1] ?? '')) &&
      (words.slice(index + 1, index + 1 + HERE_REACH).includes('here') ||
        AFFILIATION.has(words[index + 1] ?? '') ||
        (GREETINGS.has(words[index - 1] ?? '') && beforeBusiness(tokens, words, index, cased)))
    ) {
      add(index, index);
    }
  }
  return found;
}
