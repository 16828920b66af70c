/**
 * The facts a transcript (or a summary) states, found in its words (issue 24): the caller's name where they
 * introduce themselves and their business, phone numbers, card, account and extension digits, amounts of money, and the times,
 * days and dates of core/facts/time-mentions.ts. Each with the words it spans, its value as the checks compare it,
 * and what makes it doubtful however well it was heard: "ending in $7,731" is card digits an engine wrote as
 * money, "$400 while dollar's" an amount heard twice over, "close at $6" a time written as money. Pure text:
 * core/facts/fact-checks.ts judges the mentions with the engine's confidence.
 */

import { digitRuns, TEENS, TENS, UNITS, withoutTrailingOne } from '#core/transcripts/spoken-numbers';
import { businessMentions } from './business-mentions';
import { spokenClock } from './clock-words';
import { nameMentions } from './name-mentions';
import { numberAttempts, withTrailingPieces } from './number-attempts';
import { bareWords, type Mention, runTogetherClock, timeMentions } from './time-mentions';

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
const MONEY_UNITS = /^(?:dollars?|dollar's|bucks)$/;
const GARBLED = 'digits and letters run together';
/** A group of this many digits with no cue before it is still a fact to check ("2600"); fewer is too common. */
const GROUP_MIN_DIGITS = 4;

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
    } else if (
      length >= GROUP_MIN_DIGITS &&
      !MONEY_UNITS.test(words[run.end] ?? '') &&
      // "at 1045 on Thursday" is a time (core/facts/time-mentions.ts), not digits.
      !(run.end === run.start + 1 && runTogetherClock(words, run.start) !== null) &&
      // "till ten thirty" is a time, not the digits 1030.
      spokenClock(words, run.start)?.end !== run.end
    ) {
      // "your car mending into 2600": digits whatever they are for, stated only when heard well.
      found.push({ kind: 'digits', start: run.start, end: run.end, value: run.digits, problem: null });
    }
  }
  return found;
}

/** Written forms where digits and letters belong together: "8pm", "21st", "4:30pm", "1990s". */
const DIGITS_WITH_LETTERS = /^\d{1,2}(?::\d{2})?(?:am|pm|a\.m|p\.m|st|nd|rd|th|s)$/;

/**
 * "100Ab", "S20US", "A/T/6" (eighty-six, issue 32): digits and letters an engine ran together, or joined with
 * a slash, which no one can read as a fact.
 */
function garbledMentions(words: readonly string[], taken: ReadonlySet<number>): Mention[] {
  return words.flatMap((word, index): Mention[] =>
    !taken.has(index) && /\d[/\\|]?\p{L}|\p{L}[/\\|]?\d/u.test(word) && !DIGITS_WITH_LETTERS.test(word)
      ? [{ kind: 'digits', start: index, end: index + 1, value: word.replace(/\D/g, ''), problem: GARBLED }]
      : [],
  );
}

/** "$412", "$1,250.", "$45.50": the amount in whole dollars, or null. */
const WRITTEN_MONEY = /^\$(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?[.,;:!?]*$/;
/** "412", "1,250": a number written before "dollars". */
const WRITTEN_NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)$/;
/** Words that name money: a number after them is an amount even without "$" or "dollars". */
const MONEY_CUES = new Set([
  'payment',
  'charge',
  'balance',
  'total',
  'refund',
  'refunded',
  'cost',
  'price',
  'fee',
]);
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

const MULTIPLIERS = new Set(['hundred', 'thousand']);
/** What says "one" before a hundred or a thousand: "a hundred dollars", "one thousand". */
const COUNT_OF_ONE = new Set(['a', 'an', 'one']);
export const UNCOUNTED = 'a hundred or thousand with its count not heard';

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
    const number = WRITTEN_NUMBER.exec(token.replace(/[,.]$/, ''));
    if (!MONEY_UNITS.test(words[index + 1] ?? '')) {
      // "Your payment of 400,000", "a balance of 45": a number where money is named is money, unit or not.
      if (number !== null && (/,\d{3}/.test(token) || cueBefore(words, index, MONEY_CUES) !== null)) {
        found.push({
          kind: 'amount',
          start: index,
          end: index + 1,
          value: (number[1] ?? '').replace(/,/g, ''),
          problem: null,
        });
      }
      continue;
    }
    if (number !== null) {
      // "400, 12 dollars": "four hundred twelve" written in two, which no one can tell from 12 dollars.
      const split = index > 0 && /^\d+,$/.test(tokens[index - 1] ?? '') && !taken.has(index - 1);
      if (split && found.at(-1)?.start === index - 1) found.pop();
      found.push({
        kind: 'amount',
        start: split ? index - 1 : index,
        end: index + 2,
        value: (number[1] ?? '').replace(/,/g, ''),
        problem: split ? 'a number written in two' : null,
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
      // "that went ahead hundred dollar option" (twenty-eight hundred): a hundred or a thousand with no count
      // before it, where no "a" says there is none, lost its count to a mishearing.
      const uncounted = MULTIPLIERS.has(words[start] ?? '') && !COUNT_OF_ONE.has(words[start - 1] ?? '');
      found.push({ kind: 'amount', start, end: index + 2, value, problem: uncounted ? UNCOUNTED : null });
    }
  }
  return found;
}

/** Words an engine writes for a digit it heard as another word: "extension to 4" (two zero four). */
const DIGIT_SOUNDALIKES = new Set(['to', 'too', 'for', 'oh', 'won', 'ate', 'tree', 'free', 'nein']);
const EXTENSION_CUES = new Set(['extension', 'ext']);
/** How many words after "extension" may hold its digits. */
const EXTENSION_REACH = 3;

/**
 * "extension to 4": an extension whose digits the engine did not write as one run of digits. What follows the
 * cue, up to the clause's end, is a fact no one can read: doubted (the texted transcript marks it, the summary
 * says `[unclear]`), never stated as "extension 4".
 */
function extensionMentions(
  tokens: readonly string[],
  words: readonly string[],
  taken: ReadonlySet<number>,
): Mention[] {
  const found: Mention[] = [];
  words.forEach((word, index) => {
    if (!EXTENSION_CUES.has(word) || /[.!?;:,]$/.test(tokens[index] ?? '')) return;
    let end = index + 1;
    while (end < Math.min(words.length, index + 1 + EXTENSION_REACH) && !taken.has(end)) {
      const next = words[end] ?? '';
      if (!/\d/.test(next) && !DIGIT_SOUNDALIKES.has(next)) break;
      end += 1;
      if (/[.!?;:,]$/.test(tokens[end - 1] ?? '')) break;
    }
    const span = words.slice(index + 1, end);
    if (span.length === 0 || span.every((part) => /^\d+$/.test(part))) return;
    const value = span.join('').replace(/\D/g, '');
    found.push({ kind: 'digits', start: index + 1, end, value, problem: 'digits heard as words' });
  });
  return found;
}

/**
 * Every fact in a text's words (split as core/transcripts/heard-transcript.ts splits them), in order: each word belongs
 * to one fact at most (a phone number's digits are no hour, card digits written as money no amount).
 */
export function findMentions(tokens: readonly string[]): Mention[] {
  const words = bareWords(tokens);
  const numbers = withTrailingPieces(tokens, numberMentions(tokens, words));
  // A number given in pieces (issue 32: core/facts/number-attempts.ts): its pieces are no time, no digits.
  const phones = new Set(numbers.filter((m) => m.kind === 'phone').flatMap((mention) => spanOf(mention)));
  const attempts = numberAttempts(tokens, words, phones);
  const inAttempt = new Set(attempts.flatMap((mention) => spanOf(mention)));
  const found = [
    ...numbers.filter((mention) => !spanOf(mention).some((index) => inAttempt.has(index))),
    ...attempts,
  ];
  const taken = new Set(found.flatMap((mention) => spanOf(mention)));
  const money = moneyMentions(tokens, words, taken);
  for (const index of money.flatMap(spanOf)) taken.add(index);
  const garbled = garbledMentions(words, taken);
  for (const index of garbled.flatMap(spanOf)) taken.add(index);
  const extensions = extensionMentions(tokens, words, taken);
  for (const index of extensions.flatMap(spanOf)) taken.add(index);
  const times = timeMentions(words, taken);
  for (const index of times.flatMap(spanOf)) taken.add(index);
  // A business introduced in a person's place ("this is Pacific Gas and Power") is no person's name.
  const named = nameMentions(tokens, words);
  const businesses = businessMentions(tokens, words, named).filter(
    (business) => !spanOf(business).some((index) => taken.has(index)),
  );
  const names = named.filter((name) => !businesses.some((business) => business.start === name.start));
  return [...found, ...money, ...garbled, ...extensions, ...times, ...names, ...businesses].sort(
    (a, b) => a.start - b.start,
  );
}

/** The indices of the words a mention spans. */
export function spanOf(mention: Pick<Mention, 'start' | 'end'>): number[] {
  return Array.from({ length: mention.end - mention.start }, (_, offset) => mention.start + offset);
}
