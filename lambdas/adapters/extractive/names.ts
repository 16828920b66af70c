/**
 * Names in a transcript: who called (and from which company), the capitals a lowercase transcript lost on
 * them, and how many a sentence mentions.
 */
import { bareWord } from '../../core/spoken-numbers';
import { WEEKDAYS } from './times';
import { capitalize } from './words';

/** Words after "this is" that are not a name. */
const NOT_A_NAME = new Set([
  'a',
  'an',
  'the',
  'calling',
  'just',
  'about',
  'and',
  'i',
  'here',
  'to',
  'with',
  'from',
  'at',
  'your',
  'you',
  'my',
  'me',
  'so',
  'again',
  'regarding',
  'on',
  'in',
  'for',
  'please',
  'give',
  'call',
  'back',
  'returning',
  'following',
  'checking',
  'it',
  'is',
  'was',
  'um',
  'uh',
  'not',
  'going',
  'sorry',
  'trying',
  'really',
  'very',
  'important',
  'urgent',
  'our',
  'gonna',
  'kind',
  'quick',
  'message',
  'reminder',
  'that',
  'who',
]);

/** Capitalizes what a lowercase transcript loses: I, weekdays, and the name and company after "this is". */
export function restoreCapitals(tokens: string[]): string[] {
  const out = tokens.map((token) => {
    const word = bareWord(token);
    if (/^i('m|'ll|'ve|'d)?$/.test(word) || WEEKDAYS.includes(word)) return capitalize(token);
    return token;
  });
  for (let index = 0; index < out.length; index += 1) {
    const [a, b] = [bareWord(out[index] ?? ''), bareWord(out[index + 1] ?? '')];
    let at = -1;
    if (a === 'this' && b === 'is') at = index + 2;
    if (a === 'name' && b === 'is') at = index + 2;
    if (a === "it's" || a === 'its') at = index + 1;
    if (at < 0) continue;
    // Up to two words of name, then "from|with|at" and up to three words of company.
    let cursor = at;
    while (cursor < at + 2 && cursor < out.length && !NOT_A_NAME.has(bareWord(out[cursor] ?? ''))) {
      out[cursor] = capitalize(out[cursor] ?? '');
      cursor += 1;
    }
    if (cursor > at && ['from', 'with', 'at'].includes(bareWord(out[cursor] ?? ''))) {
      const companyStart = cursor + 1;
      cursor = companyStart;
      while (
        cursor < companyStart + 3 &&
        cursor < out.length &&
        !NOT_A_NAME.has(bareWord(out[cursor] ?? '')) &&
        !/^\(?\d/.test(out[cursor] ?? '')
      ) {
        out[cursor] = capitalize(out[cursor] ?? '');
        cursor += 1;
      }
    }
  }
  return out;
}

/** Capitalized words after the first, in a punctuated sentence: likely names of people, places or companies. */
export function namesIn(sentence: string): number {
  return sentence
    .split(/\s+/)
    .slice(1)
    .filter((word) => /^\p{Lu}\p{Ll}/u.test(word) && !WEEKDAYS.includes(bareWord(word))).length;
}

const CALLER =
  /\b(?:[Tt]his is|[Mm]y name is|[Ii]t'?s)\s+((?:\p{Lu}[\p{L}'-]*\s?){1,2})(?:\s*(?:from|with|at)\s+((?:\p{Lu}[\p{L}&'.-]*\s?){1,3}))?/u;

/** Who called, as the caller introduced themselves: "Dana from Acme Dental", "Dana", or null. */
export function findCaller(text: string): string | null {
  const caller = CALLER.exec(text);
  if (!caller?.[1]) return null;
  const name = caller[1].trim();
  // A punctuated transcript may run on into the next sentence ("from Acme Dental. Call me"): stop at its
  // full stop, but not at an abbreviation's ("Dr. Patel's office").
  const company = caller[2]
    ?.split(/(?<=\p{L}{3})\.\s/u)[0]
    ?.trim()
    .replace(/[.,]$/, '');
  return company ? `${name} from ${company}` : name;
}
