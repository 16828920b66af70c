/**
 * The facts a transcript (or a summary) states, found in its words (issue 24): the caller's name where they
 * introduce themselves, phone numbers, card, account and extension digits, amounts of money, and the times,
 * days and dates of core/time-mentions.ts. Each with the words it spans, its value as the checks compare it,
 * and what makes it doubtful however well it was heard: "ending in $7,731" is card digits an engine wrote as
 * money, "$400 while dollar's" an amount heard twice over, "close at $6" a time written as money. Pure text:
 * core/fact-checks.ts judges the mentions with the engine's confidence.
 */
import { digitRuns, TEENS, TENS, UNITS, withoutTrailingOne } from './spoken-numbers';
import { bareWords, type Mention, timeMentions, WEEKDAYS } from './time-mentions';

export type { FactKind, Mention } from './time-mentions';

/** Words before a group of digits that make it a card's, an account's or an extension's, not a phone number. */
const DIGITS_CUES = new Set(['ending', 'card', 'account', 'extension', 'ext', 'pin', 'last']);
/** Words before a short run of digits that make it a phone number said badly ("call me at five five five one two"). */
const CALLBACK_CUES = new Set(['call', 'callback', 'number', 'reach', 'line', 'cell', 'phone', 'text']);
/** How far back (in words) a cue is looked for. */
const CUE_REACH = 4;
/** A phone number has at least this many digits (a local number); fewer, after a callback cue, is one said badly. */
const PHONE_MIN_DIGITS = 7;
const SHORT_PHONE_MIN_DIGITS = 5;

const ENDING_IS_FOUR = 'card and account endings are four digits';

/** The cue among the `CUE_REACH` words before `start`, or null. */
function cueBefore(words: readonly string[], start: number, cues: ReadonlySet<string>): string | null {
  for (let index = start - 1; index >= Math.max(0, start - CUE_REACH); index--) {
    if (cues.has(words[index] ?? '')) return words[index] ?? null;
  }
  return null;
}

/** Phone numbers and card, account or extension digits: runs of digits, written or spoken. */
function numberMentions(tokens: readonly string[], words: readonly string[]): Mention[] {
  const found: Mention[] = [];
  for (const run of digitRuns(tokens).map((found) => withoutTrailingOne(found, tokens))) {
    const cue = cueBefore(words, run.start, DIGITS_CUES);
    const length = run.digits.length;
    if (cue !== null && length >= 2) {
      const problem = (cue === 'ending' || cue === 'last') && length !== 4 ? ENDING_IS_FOUR : null;
      found.push({ kind: 'digits', start: run.start, end: run.end, value: run.digits, problem });
    } else if (length >= PHONE_MIN_DIGITS) {
      found.push({ kind: 'phone', start: run.start, end: run.end, value: run.digits, problem: null });
    } else if (length >= SHORT_PHONE_MIN_DIGITS && cueBefore(words, run.start, CALLBACK_CUES) !== null) {
      const problem = 'too few digits for a phone number';
      found.push({ kind: 'phone', start: run.start, end: run.end, value: run.digits, problem });
    }
  }
  return found;
}

/** "$412", "$1,250.", "$45.50": the amount in whole dollars, or null. */
const WRITTEN_MONEY = /^\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?[.,;:!?]*$/;
/** "412", "1,250": a number written before "dollars". */
const WRITTEN_NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)$/;
const MONEY_UNITS = /^(?:dollars?|dollar's|bucks)$/;
/** Words after which "$6" is more likely a time the engine wrote as money: "we close at $6". */
const BEFORE_A_TIME = new Set(['at', 'by', 'until', 'till', 'before', 'after', 'around']);
const AMOUNT_WORDS = new Set([
  ...Object.keys(UNITS).filter((word) => word !== 'o' && word !== 'oh'),
  ...Object.keys(TEENS),
  ...Object.keys(TENS),
  'hundred',
  'thousand',
]);

/** "four hundred twelve" -> 412, "twelve hundred fifty" -> 1250. */
function spokenAmount(words: readonly string[]): number {
  let total = 0;
  let current = 0;
  for (const word of words) {
    if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else if (word in TENS) current += Number(TENS[word]) * 10;
    else if (word in TEENS || word in UNITS) current += Number(TEENS[word] ?? UNITS[word]);
  }
  return total + current;
}

/** Amounts of money, and card digits an engine wrote as money ("ending in $7,731"). */
function moneyMentions(
  tokens: readonly string[],
  words: readonly string[],
  taken: ReadonlySet<number>,
): Mention[] {
  const found: Mention[] = [];
  for (const [index, token] of tokens.entries()) {
    if (taken.has(index)) continue;
    const money = WRITTEN_MONEY.exec(token);
    if (money !== null) {
      const value = (money[1] ?? '').replace(/,/g, '');
      const span = { start: index, end: index + 1 };
      if (cueBefore(words, index, DIGITS_CUES) !== null) {
        found.push({ kind: 'digits', ...span, value, problem: 'digits written as money' });
        continue;
      }
      const unitAgain = words.slice(index + 1, index + 4).some((word) => MONEY_UNITS.test(word));
      const problem = unitAgain
        ? 'an amount heard twice over'
        : BEFORE_A_TIME.has(words[index - 1] ?? '')
          ? 'a time written as money'
          : null;
      found.push({ kind: 'amount', ...span, value, problem });
      continue;
    }
    if (!MONEY_UNITS.test(words[index + 1] ?? '')) continue;
    const number = WRITTEN_NUMBER.exec(token.replace(/[,.]$/, ''));
    if (number !== null) {
      found.push({
        kind: 'amount',
        start: index,
        end: index + 2,
        value: (number[1] ?? '').replace(/,/g, ''),
        problem: null,
      });
      continue;
    }
    // "four hundred twelve dollars", "ninety four dollars": the number words before the unit.
    let start = index + 1;
    const counts = (at: number) =>
      !taken.has(at) && (AMOUNT_WORDS.has(words[at] ?? '') || (words[at] === 'and' && at < index));
    while (start > 0 && counts(start - 1)) start -= 1;
    while (words[start] === 'and') start += 1;
    if (start <= index) {
      const value = String(spokenAmount(words.slice(start, index + 1)));
      found.push({ kind: 'amount', start, end: index + 2, value, problem: null });
    }
  }
  return found;
}

const INTRODUCERS: readonly (readonly string[])[] = [
  ['my', 'name', 'is'],
  ['this', 'is'],
  ['it', 'is'],
  ["it's"],
  ['its'],
  ["name's"],
];
const TITLES = new Set(['dr', 'doctor', 'mr', 'mrs', 'ms']);
/** Words after "this is" or "it's" that are not a name (in a transcript without capitals, the only guide). */
const NOT_NAMES = new Set([
  ...Object.keys(UNITS),
  ...Object.keys(TEENS),
  ...Object.keys(TENS),
  ...WEEKDAYS,
  ...'a an the me my your our his her their just about calling here there not so that what going really very'.split(
    ' ',
  ),
  ...'important urgent okay ok good great time too only i we you he she they it this from with at for on in to'.split(
    ' ',
  ),
  ...'and or but please sorry reminder message quick again regarding still now actually probably all no yes also'.split(
    ' ',
  ),
  ...'gonna kind returning following checking trying over late early done fine hard true'.split(' '),
]);

/** The name a caller introduced themselves with ("this is Jenna", "it's Dad", "my name is Dr. Kim"), when it reads as one. */
function nameMentions(tokens: readonly string[], words: readonly string[]): Mention[] {
  // Capitals say what a name is only when the engine writes them (Moonshine, OpenAI; not an all-lowercase text).
  const cased =
    tokens.some((token) => /\p{Lu}/u.test(token)) && tokens.some((token) => /\p{Ll}/u.test(token));
  const found: Mention[] = [];
  for (let index = 0; index < words.length; index++) {
    const introducer = INTRODUCERS.find((phrase) => phrase.every((part, at) => words[index + at] === part));
    if (introducer === undefined) continue;
    const start = index + introducer.length;
    const given = TITLES.has(words[start] ?? '') ? start + 1 : start;
    const name = (tokens[given] ?? '').replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').replace(/'s$/, '');
    const plausible =
      /^\p{L}[\p{L}'-]+$/u.test(name) &&
      !NOT_NAMES.has(name.toLowerCase()) &&
      (!cased || /^\p{Lu}/u.test(name));
    if (plausible) found.push({ kind: 'name', start, end: given + 1, value: name, problem: null });
  }
  return found;
}

/**
 * Every fact in a text's words (split as core/heard-transcript.ts splits them), in order: each word belongs
 * to one fact at most (a phone number's digits are no hour, card digits written as money no amount).
 */
export function findMentions(tokens: readonly string[]): Mention[] {
  const words = bareWords(tokens);
  const found = numberMentions(tokens, words);
  const taken = new Set(found.flatMap((mention) => spanOf(mention)));
  const money = moneyMentions(tokens, words, taken);
  for (const index of money.flatMap(spanOf)) taken.add(index);
  return [...found, ...money, ...timeMentions(words, taken), ...nameMentions(tokens, words)].sort(
    (a, b) => a.start - b.start,
  );
}

/** The indices of the words a mention spans. */
export function spanOf(mention: Pick<Mention, 'start' | 'end'>): number[] {
  return Array.from({ length: mention.end - mention.start }, (_, offset) => mention.start + offset);
}
