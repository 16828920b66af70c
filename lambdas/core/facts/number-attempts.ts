/**
 * A phone number the caller gave that the engine did not write as one (issue 32): "My direct line is I'm 4'
 * I'm 5'5, 0172", "...for you at 2:06. I'm 55, 0194.", "My direct line is 5:12, 5:55, 0:12, 8:00." Whatever
 * the engine made of it, the caller tried to give a number, and the sender is told so ("Number unclear,
 * listen at 0:08") rather than given its pieces as times, digits or nothing. Such an attempt is a phone
 * mention with its problem ("a number heard in pieces"): never stated, always pointed at.
 *
 * An attempt is found where a number was announced ("my direct line is"), asked for ("call us at"), or
 * where the pieces look like one ("617-555."; "I'm at 5:12, 5:5, 5:01, 7:3": groups written as clock times,
 * one no time a person says, holding a whole number's ten digits): the digit groups that follow, across a
 * word or two the engine put between them, hold most of a phone number's digits. Two clock times joined by "and" or "to" are a
 * range ("between 9:30 and 11:30"), not a number.
 */

import { bareWord, UNITS } from '#core/transcripts/spoken-numbers';
import type { Mention } from './time-mentions';

export const NUMBER_IN_PIECES = 'a number heard in pieces';

/**
 * Words that announce a number: "my direct line is", "our number is". ("Call me at" is followed by a time as
 * often as by a number: there the pieces must hold most of a number's digits.)
 */
const ANNOUNCED =
  /\b(?:(?:my|our|the|his|her)(?: (?:direct|cell|new|office|home|work|mobile|main|personal|phone))? (?:line|number|cell|phone|phone number|cell phone) is|number is)$/;
/** A callback word within reach before the pieces makes them a number given badly. */
const CALLBACK_WORDS = new Set(['call', 'reach', 'text', 'number', 'line', 'cell', 'phone', 'dial']);
/** How far back (in words) a callback word is looked for. */
const CALLBACK_REACH = 12;
/** "617-555.", "(617) 555": an area code and an exchange, the start of a number cut off. */
const PHONE_SHAPED = /^\(?\d{3}\)?[-.]\d{3}[.,]?$/;
/** How many words the engine may have put between two pieces of one number ("I'm", "they are"). */
const MAX_GAP = 2;
/** How many words after an announcement the pieces may start. */
const ANNOUNCED_REACH = 3;
/** Pieces holding at least this many digits are a number given badly... */
const MIN_DIGITS = 6;
/** ...or this many right after "my direct line is", which announces one. */
const MIN_DIGITS_ANNOUNCED = 3;
/** A range of times: "9:30 and 11:30", "8 to noon". */
const RANGE_WORDS = new Set(['and', 'to', 'until', 'till', 'through', 'or', '-']);
const CLOCK = /^(?:1[0-2]|0?[1-9])(?::[0-5]\d)?$/;
/** A group the engine wrote as a clock time: "5:12,", "5:5,", "01:57". */
const CLOCK_GROUP = /^\d{1,2}:\d{1,2}[,.;]?$/;
/** A time a person says: "9:15", "10:30"; not "5:5" (one digit of minutes), "01:57" or "0:17" (hour 0). */
const SAYABLE_TIME = /^(?:[1-9]|1[0-2]):\d\d$/;
/** A whole US number's digits, with or without the country code. */
const WHOLE_NUMBER_DIGITS = /^1?\d{10}$/;

/**
 * Groups written as clock times that are a number (issue 32, eighth session): two or more, one no time a person
 * says, ten digits in all ("9:19, 5:55, 01:57"). "At 9:15, 10:30, 11:45" are times.
 */
function clockShaped(
  tokens: readonly string[],
  groups: readonly { index: number }[],
  digits: string,
): boolean {
  const clocks = groups
    .map((group) => tokens[group.index] ?? '')
    .filter((token) => CLOCK_GROUP.test(token))
    .map((token) => token.replace(/[,.;]$/, ''));
  return (
    clocks.length >= 2 &&
    clocks.some((clock) => !SAYABLE_TIME.test(clock)) &&
    WHOLE_NUMBER_DIGITS.test(digits)
  );
}

/** Words after which digits are no part of a phone number. */
const OTHER_DIGITS = new Set(['extension', 'ext', 'ending', 'card', 'account', 'pin', 'last']);

/** Words an engine writes for a digit it misheard: "to" for two, "for" for four. */
const SOUNDALIKES: Readonly<Record<string, string>> = { to: '2', too: '2', for: '4', won: '1', ate: '8' };

/** The digits a word holds: "5'5," -> "55", "five" -> "5"; '' for a word with none. */
function digitsOf(token: string): string {
  const written = token.replace(/\D/g, '');
  if (written !== '') return written;
  return UNITS[bareWord(token)] ?? '';
}

/** Where the words before `at` end with an announcement of a number ("...my direct line is"). */
function announcedBefore(words: readonly string[], at: number): boolean {
  for (let back = 1; back <= ANNOUNCED_REACH && at - back >= 0; back++) {
    const before = words.slice(Math.max(0, at - back - 6), at - back + 1).join(' ');
    if (ANNOUNCED.test(before)) return true;
  }
  return false;
}

const callbackBefore = (words: readonly string[], at: number) =>
  words.slice(Math.max(0, at - CALLBACK_REACH), at).some((word) => CALLBACK_WORDS.has(word));

/** The pieces from `start`: digit groups with at most MAX_GAP other words between them. */
function piecesFrom(tokens: readonly string[], start: number, taken: ReadonlySet<number>) {
  const groups: { readonly index: number; readonly digits: string }[] = [];
  let gap = 0;
  for (let index = start; index < tokens.length && !taken.has(index); index++) {
    // An extension, a card's or an account's digits are digits of their own.
    if (OTHER_DIGITS.has(bareWord(tokens[index] ?? ''))) break;
    // "go on to three": a word heard for a digit counts when a digit follows it.
    const soundalike = SOUNDALIKES[bareWord(tokens[index] ?? '')];
    const digits =
      digitsOf(tokens[index] ?? '') ||
      (soundalike !== undefined && digitsOf(tokens[index + 1] ?? '') !== '' ? soundalike : '');
    if (digits !== '') {
      groups.push({ index, digits });
      gap = 0;
    } else if (++gap > MAX_GAP) break;
  }
  return groups;
}

/** "9:30 and 11:30", "8 to 12": two clock times joined as a range. */
function isRange(tokens: readonly string[], groups: readonly { index: number }[]): boolean {
  if (groups.length !== 2) return false;
  const [first, second] = groups;
  if (first === undefined || second === undefined) return false;
  const between = tokens.slice(first.index + 1, second.index).map(bareWord);
  const clock = (index: number) => CLOCK.test((tokens[index] ?? '').replace(/[.,;:!?]+$/, ''));
  return (
    between.length === 1 && RANGE_WORDS.has(between[0] ?? '') && clock(first.index) && clock(second.index)
  );
}

/**
 * Numbers attempted and not written as one, in a text's `tokens` (`words`: the same, bare), leaving alone the
 * words `taken` by whole phone numbers.
 */
export function numberAttempts(
  tokens: readonly string[],
  words: readonly string[],
  taken: ReadonlySet<number>,
): Mention[] {
  const found: Mention[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] ?? '';
    if (taken.has(index) || digitsOf(token) === '' || (!/\d/.test(token) && !announcedBefore(words, index))) {
      index += 1;
      continue;
    }
    const announced = announcedBefore(words, index);
    const shaped = PHONE_SHAPED.test(token);
    const clock = CLOCK_GROUP.test(token);
    if (!announced && !shaped && !clock && !callbackBefore(words, index)) {
      index += 1;
      continue;
    }
    const groups = piecesFrom(tokens, index, taken);
    const digits = groups.map((group) => group.digits).join('');
    const last = groups.at(-1)?.index ?? index;
    const attempt =
      !isRange(tokens, groups) &&
      ((announced && digits.length >= MIN_DIGITS_ANNOUNCED) ||
        ((shaped || callbackBefore(words, index)) && groups.length >= 2 && digits.length >= MIN_DIGITS) ||
        (clock && clockShaped(tokens, groups, digits)));
    if (attempt) {
      found.push({ kind: 'phone', start: index, end: last + 1, value: digits, problem: NUMBER_IN_PIECES });
      index = last + 1;
    } else {
      index += 1;
    }
  }
  return found;
}

/**
 * A phone number already found badly written ("call me at six, one, seven, five, five, five") with the pieces
 * that follow it ("go on to three"), which belong to it: one unclear number, not a number and a few words.
 */
export function withTrailingPieces(tokens: readonly string[], mentions: readonly Mention[]): Mention[] {
  const taken = new Set(mentions.flatMap((mention) => range(mention.start, mention.end)));
  return mentions.map((mention) => {
    if (mention.kind !== 'phone' || mention.problem === null) return mention;
    const groups = piecesFrom(tokens, mention.end, taken);
    if (groups.length === 0) return mention;
    const end = (groups.at(-1)?.index ?? mention.end - 1) + 1;
    const value = mention.value + groups.map((group) => group.digits).join('');
    for (const index of range(mention.end, end)) taken.add(index);
    return { ...mention, end, value };
  });
}

const range = (start: number, end: number) => Array.from({ length: end - start }, (_, at) => start + at);
