/**
 * Names in a transcript: who called (and from which company), the capitals a lowercase transcript lost on
 * them, and how many a sentence mentions.
 */

import { isUnit, shapeEnd, unitAt } from '#core/facts/business-mentions';
import { isRoleWord, isTitle, titleAsWritten } from '#core/facts/caller-words';
import { introducesSomeoneElse } from '#core/facts/name-mentions';
import { callerText } from '#core/facts/summary';
import { bareWord } from '#core/transcripts/spoken-numbers';
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

/** Who called, as the caller introduced themselves, and where the introduction ends in its sentence. */
export type Introduction = {
  /** "Rebecca", "Linda Garcia", "Dr. Patel"; null when a business introduced itself ("From Lakeside Dental"). */
  readonly name: string | null;
  /** "the school nurse", "your landlord": what the caller said they are. */
  readonly role: string | null;
  /** "Dr. Patel's office", "First National Bank". */
  readonly organization: string | null;
  /** The index of the first word after the introduction, in the sentence's words. */
  readonly end: number;
};

/** As the checks read introductions (core/facts/name-mentions.ts): "I'm Dana" too, so a long voicemail keeps it. */
const INTRODUCERS: readonly (readonly string[])[] = [
  ['this', 'is'],
  ['my', 'name', 'is'],
  ['it', 'is'],
  ["it's"],
  ['its'],
  ["name's"],
  ["i'm"],
  ['i', 'am'],
];
/** An engine often hears "calling" after a name as a surname ("Rebecca Colling from"). */
const CALLING_HEARD_AS_NAME = /^c[aoeu]l+[ei]n[g]?s?$/i;
const ORGANIZATION_BEFORE = new Set(['from', 'with', 'at']);
/** Words that may sit between a name and "from": "Daniel and I am calling from". */
const BRIDGE = new Set(['and', 'i', 'am', "i'm", 'im', 'calling', 'just', 'here', 'the', 'over']);
/** Words an organization's name does not run on into. */
const ORGANIZATION_END = new Set([
  ...NOT_A_NAME,
  'returning',
  'regarding',
  'about',
  'we',
  'who',
  'and',
  'but',
  'because',
  'if',
  'can',
  'will',
  'has',
  'have',
]);
const SMALL_WORDS = new Set(['of', 'the', 'and', 'for', 'de', 'la']);
/** "the school nurse", "your landlord": a role after the name is short. */
const ROLE_MAX_WORDS = 3;

const ABBREVIATION = /^(dr|mr|mrs|ms|st)\.$/i;
const isCapitalized = (word: string) => /^\p{Lu}/u.test(word);
const endsClause = (word: string) => /[.,!?;:]$/.test(word) && !ABBREVIATION.test(word);
/** The word without the punctuation around it (an abbreviation keeps its full stop). */
const bare = (word: string) =>
  ABBREVIATION.test(word) ? word : word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '');

/** Where a neighbour or a friend is from, which names no business: "Gloria from next door", "Jim from work". */
const NEARBY =
  /^(?:next door|across the (?:street|hall|way|road)|down the (?:street|hall|road|block)|upstairs|downstairs|work|church|home|around the corner|the (?:neighbou?rhood|building))$/;

/** Words a business's name never ends with (issue 32, the tenth set: "Bao from The Front Desk of"). */
const DANGLING = /^(?:of|and|the|a|an|for|at|&)$/i;

/**
 * "acme plumbing" -> "Acme Plumbing"; "the fraud department of First National Bank" -> "First National Bank",
 * "the Jury Services Office of the Hennepin County District Court" -> "Hennepin County District Court".
 */
function tidyOrganization(words: readonly string[]): string | null {
  let kept = [...words];
  const lastOf = kept.map((word) => bareWord(word)).lastIndexOf('of');
  // "the Jury Services Office of the Hennepin County District Court" -> "Hennepin County District Court".
  const after = bareWord(kept[lastOf + 1] ?? '') === 'the' ? lastOf + 2 : lastOf + 1;
  // Only after a part of it ("office", "department"): "Bank of America" is not "America".
  const unit = isUnit(bareWord(kept[lastOf - 1] ?? ''));
  if (lastOf > 0 && unit && after < kept.length && isCapitalized(kept[after] ?? '')) {
    kept = kept.slice(after);
  }
  const bareWords = kept.map(bare).filter((word) => word !== '');
  // "the front desk of <garble>" cut before the garble: a business does not end in "of", "and", "the".
  while (bareWords.length > 0 && DANGLING.test(bareWords.at(-1) ?? '')) bareWords.pop();
  if (bareWords.length === 0 || NEARBY.test(bareWords.join(' ').toLowerCase())) return null;
  // A lowercase transcript lost the name's capitals: put them back (a cased one keeps its own).
  const cased = bareWords.some(isCapitalized)
    ? bareWords
    : bareWords.map((word, index) => (index > 0 && SMALL_WORDS.has(word) ? word : capitalize(word)));
  return cased.join(' ').replace(/^Doctor /, 'Dr. ');
}

/** Up to `max` words from `start` that are not an end word, stopping after a word that ends a clause. */
function phraseAt(words: readonly string[], start: number, max: number): number {
  let cursor = start;
  while (cursor < words.length && cursor < start + max) {
    const word = words[cursor] ?? '';
    if (cursor > start && ORGANIZATION_END.has(bareWord(word))) break;
    if (/^\(?\d/.test(word)) break;
    cursor += 1;
    if (endsClause(word)) break;
  }
  return cursor;
}

/** Where a role without "the" ends: "Ziademi, placement worker with Hamilton County", up to three lowercase words. */
function lowercaseRoleEnd(words: readonly string[], start: number): number | null {
  for (let end = start + 1; end <= start + ROLE_MAX_WORDS; end++) {
    if (!words.slice(start, end).every((word) => /^[a-z]+$/.test(word) && !BRIDGE.has(word))) return null;
    const named = words[bareWord(words[end + 1] ?? '') === 'the' ? end + 2 : end + 1] ?? '';
    if (ORGANIZATION_BEFORE.has(bareWord(words[end] ?? '')) && isCapitalized(named)) return end;
  }
  return null;
}

/**
 * The caller's introduction in a sentence: "this is", "it's" or "my name is", a capitalized name (with a
 * title, and a surname only when "from", "with" or "at" follows it: "Rebecca Colling from" is Rebecca
 * calling), then what they are (", the school nurse") and where from ("from Dr. Patel's office", "calling
 * from the fraud department of First National Bank"). Null when the sentence introduces nobody.
 */
export function findIntroduction(sentence: string): Introduction | null {
  const words = sentence.split(/\s+/).filter((word) => word !== '');
  const bareWords = words.map((word) => bareWord(word));
  for (let index = 0; index < words.length; index += 1) {
    const introducer = INTRODUCERS.find((phrase) =>
      phrase.every((part, offset) => bareWords[index + offset] === part),
    );
    if (introducer === undefined || introducesSomeoneElse(bareWords, index)) continue;
    let cursor = index + introducer.length;
    // "this is Pacific Gas and Power calling": a business in a person's place (issue 32).
    const business = businessAt(words, bareWords, cursor);
    if (business !== null) return business;
    const first = words[cursor] ?? '';
    // "Professor Hiroshi Tanaka", "Coach Rivera", "Dr. Kim": a title, then the name (core/facts/caller-words.ts).
    const title = isTitle(first) && isCapitalized(words[cursor + 1] ?? '') ? first : null;
    if (title !== null) cursor += 1;
    const given = words[cursor] ?? '';
    if (
      !isCapitalized(given) ||
      NOT_A_NAME.has(bareWord(given)) ||
      WEEKDAYS.includes(bareWord(given)) ||
      isRoleWord(given)
    ) {
      continue;
    }
    const name = [bare(given)];
    if (title !== null) name.unshift(titleAsWritten(title));
    cursor += 1;
    const surname = words[cursor] ?? '';
    // "Dave Miller from", "this is Maria Lopez.", "this is Mary Sullivan, Brightside Dental": a surname (left
    // in the text, it opened the summary: "Sullivan, Brightside..."); "it's Tom Blissin." is "it's Tom.
    // Listen,": a caller who says "it's" gives a first name, and the word after it is heard into it.
    const surnameFollowedBy = ORGANIZATION_BEFORE.has(bareWord(words[cursor + 1] ?? ''))
      ? 'organization'
      : /[.!?,]$/.test(surname) || cursor + 1 === words.length
        ? 'end'
        : null;
    if (
      !endsClause(given) &&
      isCapitalized(surname) &&
      !CALLING_HEARD_AS_NAME.test(bare(surname)) &&
      !NOT_A_NAME.has(bareWord(surname)) &&
      !WEEKDAYS.includes(bareWord(surname)) &&
      (surnameFollowedBy === 'organization' ||
        (surnameFollowedBy === 'end' &&
          ((introducer[0] !== "it's" && introducer[0] !== 'its' && introducer[0] !== 'it') ||
            // "it's Pam Whitaker, charge nurse on five west": a comma goes on to what she is.
            /,$/.test(surname))))
    ) {
      name.push(bare(surname));
      cursor += 1;
    }
    let role: string | null = null;
    const previous = words[cursor - 1] ?? '';
    const plainRole = /,$/.test(previous) ? lowercaseRoleEnd(words, cursor) : null;
    if (plainRole !== null) {
      role = words.slice(cursor, plainRole).map(bare).join(' ');
      cursor = plainRole;
    } else if (/,$/.test(previous) && ['the', 'your'].includes(bareWord(words[cursor] ?? ''))) {
      // "Jake, the plumber." is a role; "Jake, the plumber can't come until Monday" runs on into what he
      // says, and is none: a role ends its clause, or goes on to where the caller is from.
      const end = phraseAt(words, cursor + 1, ROLE_MAX_WORDS);
      if (endsClause(words[end - 1] ?? '') || ORGANIZATION_BEFORE.has(bareWord(words[end] ?? ''))) {
        role = words.slice(cursor, end).map(bare).join(' ');
        cursor = end;
      }
    }
    let organization: string | null = null;
    // "Daniel, calling from the bank": a comma before where they call from does not end the introduction.
    if (!endsClause(words[cursor - 1] ?? '') || role !== null || /,$/.test(words[cursor - 1] ?? '')) {
      let look = cursor;
      const bridges = (word: string) => BRIDGE.has(bareWord(word)) || CALLING_HEARD_AS_NAME.test(bare(word));
      while (look < cursor + 4 && bridges(words[look] ?? '')) look += 1;
      if (ORGANIZATION_BEFORE.has(bareWord(words[look] ?? ''))) {
        // "from the management office at Riverside Terrace": the business is after "at".
        const unit = unitAt(words, bareWords, bareWords[look + 1] === 'the' ? look + 2 : look + 1);
        // "from Stone and Tile Depot": a business's shape runs past an "and" (core/facts/business-mentions.ts).
        const shaped = shapeEnd(words, bareWords, look + 1);
        const end = unit?.[1] ?? (shaped > 0 ? shaped : phraseAt(words, look + 1, 7));
        organization = tidyOrganization(words.slice(unit?.[0] ?? look + 1, end));
        if (organization !== null) cursor = end;
      }
    }
    return { name: name.join(' '), role, organization, end: cursor };
  }
  return businessCalling(words, bareWords);
}

/** The business whose shape starts at `start` ("the" before it kept out), as the whole introduction, or null. */
function businessAt(
  words: readonly string[],
  bareWords: readonly string[],
  start: number,
): Introduction | null {
  const from = bareWords[start] === 'the' ? start + 1 : start;
  // "this is the front desk at Peak Motion Physical Therapy": the business is after "at".
  const unit = unitAt(words, bareWords, from);
  if (unit !== null) {
    const organization = tidyOrganization(words.slice(unit[0], unit[1]));
    return organization === null ? null : { name: null, role: null, organization, end: unit[1] };
  }
  const end = shapeEnd(words, bareWords, from);
  if (end < 0) return null;
  const organization = tidyOrganization(words.slice(start, end));
  return organization === null ? null : { name: null, role: null, organization, end };
}

/**
 * With no person introduced, a business the caller calls from: "calling from the leasing office", "This
 * message is from Lincoln Elementary School", "it's <a name not heard> from Sunrise Physical Therapy".
 */
function businessCalling(words: readonly string[], bareWords: readonly string[]): Introduction | null {
  const introduces = (index: number) =>
    ["it's", 'its'].includes(bareWords[index] ?? '') ||
    (bareWords[index] === 'is' && ['this', 'it', 'name', 'message'].includes(bareWords[index - 1] ?? ''));
  const greeting = new Set(['hi', 'hello', 'hey', 'morning', 'afternoon', 'evening']);
  for (let index = 0; index < words.length; index += 1) {
    // "Hi, Lakeside Dental calling", "Greenfield Pharmacy here": the business opening the sentence.
    if (index === 0 || greeting.has(bareWords[index - 1] ?? '')) {
      const opening = businessAt(words, bareWords, index);
      const next = bareWords[opening?.end ?? -1] ?? '';
      if (
        opening !== null &&
        !endsClause(words[opening.end - 1] ?? '') &&
        ['calling', 'here'].includes(next)
      ) {
        return opening;
      }
    }
    // "Hey, Walt Brennan, Brennan Electric, returning your call": a name, then the business (issue 32).
    const named = greeting.has(bareWords[index - 1] ?? '') ? nameThenBusiness(words, bareWords, index) : null;
    if (named !== null) return named;
    if (bareWords[index] !== 'from' || index === 0) continue;
    const calling = ['calling', 'here', 'call'].includes(bareWords[index - 1] ?? '');
    // "it's <a name heard as three words> from Metty and Associates": up to four words between.
    if (!calling && ![1, 2, 3, 4].some((back) => introduces(index - back))) continue;
    const business = businessAt(words, bareWords, index + 1);
    if (business !== null) return business;
  }
  return null;
}

/**
 * "Walt Brennan, Brennan Electric,": a first name and a surname, a comma, a business's shape. A first name alone
 * is more often the listener's ("Hi Dana, Lakeside Dental calling"), and a business "calling" or "here" is the
 * caller itself: neither is taken.
 */
function nameThenBusiness(
  words: readonly string[],
  bareWords: readonly string[],
  at: number,
): Introduction | null {
  const [given = '', surname = ''] = [words[at], words[at + 1]];
  const named = [given, surname].every(
    (word) => isCapitalized(word) && !NOT_A_NAME.has(bareWord(word)) && !isRoleWord(word),
  );
  if (!named || /,$/.test(given) || !/,$/.test(surname)) return null;
  const business = businessAt(words, bareWords, at + 2);
  if (business === null || ['calling', 'here'].includes(bareWords[business.end] ?? '')) return null;
  return { ...business, name: `${bare(given)} ${bare(surname)}` };
}

/** Who called, as the caller introduced themselves: "Dana from Acme Dental", "Dana", or null. */
export function findCaller(text: string): string | null {
  const introduction = findIntroduction(text);
  return introduction === null ? null : callerText(introduction);
}
