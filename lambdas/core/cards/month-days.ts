/**
 * Days a sentence names with a month, or in a way the calendar cannot be sure of (issue 32). "December 5th",
 * "Dec 5", "December fifth", "the 5th of December" are read: the month and the day of the month. A month said
 * with no day read beside it, a date in figures ("12/5", day or month first?) and a stretch of time instead of
 * a day ("next week", "in two weeks", "this weekend") make the sentence's day unreadable: a time said with
 * them is no event, rather than the next time that hour comes (which put "December 5 at 3 pm" today).
 */
import type { Mention } from '#core/facts/fact-mentions';
import type { HeardToken } from '#core/transcripts/heard-transcript';
import { isDoubtful } from '#core/transcripts/heard-words';

const MONTH_NUMBERS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
/** Months that are everyday words too ("you may call", "march in"): a month only with a day beside them. */
const ALSO_WORDS = new Set(['may', 'march', 'mar', 'jan', 'jun', 'dec', 'sep', 'oct', 'nov', 'aug', 'apr']);
/** A stretch of time where a day would be: no day can be placed from it. */
const STRETCHES = new Set(['week', 'weeks', 'weekend', 'month', 'months', 'days', 'year', 'years']);
const FIGURES_DATE = /^\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?$/;

/** The month and the day said with it, or 'unreadable' when the sentence names a day that cannot be placed. */
export type MonthDay = { readonly month: number; readonly date: Mention } | 'unreadable' | null;

const heardWell = (token: HeardToken | undefined) =>
  token === undefined ||
  token.confidence === null ||
  !isDoubtful({ text: token.text, confidence: token.confidence, at: null });

/**
 * The month and day the words [start, end) of `words` name, with the sentence's date mentions (`mentions`, in
 * the transcript's word positions) and the engine's words (`heard`): the month word and a day written as a
 * bare number must have been heard well (a day found as a date mention is checked with the others).
 */
export function monthDayIn(
  words: readonly string[],
  start: number,
  end: number,
  mentions: readonly Mention[],
  heard: readonly HeardToken[],
): MonthDay {
  for (let at = start; at < end; at++) {
    const word = words[at] ?? '';
    if (
      FIGURES_DATE.test(word) ||
      (STRETCHES.has(word) &&
        !hasDay(mentions) &&
        !thisWeeks(words, at, mentions) &&
        !otherClause(words, at, mentions))
    )
      return 'unreadable';
  }
  for (let at = start; at < end; at++) {
    const month = MONTH_NUMBERS[(words[at] ?? '').replace(/\.$/, '')];
    if (month === undefined) continue;
    const after = mentions.find((mention) => mention.kind === 'date' && mention.start === at + 1);
    const before = mentions.find(
      (mention) => mention.kind === 'date' && mention.end === at - 1 && words[at - 1] === 'of',
    );
    const bare = /^(\d{1,2})$/.exec(words[at + 1] ?? '');
    const date =
      after ??
      before ??
      (bare !== null && at + 1 < end
        ? { kind: 'date' as const, start: at + 1, end: at + 2, value: String(Number(bare[1])), problem: null }
        : undefined);
    if (date === undefined) {
      if (ALSO_WORDS.has(words[at] ?? '')) continue;
      return 'unreadable';
    }
    const sure =
      heardWell(heard[at]) && (after !== undefined || before !== undefined || heardWell(heard[at + 1]));
    const day = Number(date.value);
    return sure && day >= 1 && day <= 31 ? { month, date } : 'unreadable';
  }
  return null;
}

/**
 * "he'll wait till 10:30, and his next opening is two weeks out": a stretch said after the time, past an "and",
 * "or" or "but", is another clause's, not where that time's day would be.
 */
const otherClause = (words: readonly string[], at: number, mentions: readonly Mention[]) =>
  mentions.some(
    (mention) =>
      mention.kind === 'time' &&
      mention.end <= at &&
      words.slice(mention.end, at).some((w) => CLAUSE_LINKS.has(w)),
  );
const CLAUSE_LINKS = new Set(['and', 'or', 'but']);

/** "this week to Thursday": the weekday named is this week's, the next one to come. */
const thisWeeks = (words: readonly string[], at: number, mentions: readonly Mention[]) =>
  words[at] === 'week' &&
  words[at - 1] === 'this' &&
  mentions.some((m) => m.kind === 'day' && WEEKDAY.test(m.value));
const WEEKDAY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/;

/** A date said ("the 15th"): a weekday with "next week" could be this week's or the next one's. */
const hasDay = (mentions: readonly Mention[]) => mentions.some((mention) => mention.kind === 'date');
