/**
 * Where a day was said with a time, read from the words alone (issue 32, the sixth held-out set): the part of
 * the day belongs to its own choice when a caller offers two ("Thursday at four or Saturday morning at ten":
 * four is the afternoon's), and "next" with no day after it before a time is a day misheard ("next to Z between
 * 10 and 2" for "next Tuesday"): that time is no one's day.
 */
import { WEEKDAYS } from '#core/facts/time-mentions';
import { type PartOfDay, partOfDay } from './event-time';

/** Days said in a choice of their own: "or Saturday morning at ten" ("tonight" is a part of the day too). */
const OWN_DAYS = new Set([...WEEKDAYS, 'today', 'tomorrow', 'weekend']);

/**
 * The part of the day for a time at `at` in the sentence's words [start, end): the sentence's, but without the
 * choices after or before an "or" that name a day of their own ("at 8 or 9 tonight" keeps "tonight").
 */
export function partOfChoice(
  words: readonly string[],
  start: number,
  end: number,
  at: number,
): PartOfDay | null {
  const choices: [number, number][] = [];
  let from = start;
  for (let index = start; index <= end; index++) {
    if (index === end || words[index] === 'or') {
      choices.push([from, index]);
      from = index + 1;
    }
  }
  const kept = choices.filter(
    ([first, last]) =>
      (at >= first && at < last) || !words.slice(first, last).some((word) => OWN_DAYS.has(word)),
  );
  return partOfDay(kept.flatMap(([first, last]) => words.slice(first, last)));
}

/** What "next" may lead before a time: "next Tuesday at 10", "next week at 3", "next time". */
const NEXT_WHAT = new Set([
  ...OWN_DAYS,
  'week',
  'month',
  'year',
  'time',
  'morning',
  'afternoon',
  'evening',
  'day',
]);
/** How far before a time's leading words "next" stands where its day would be ("next to Z between"). */
const NEXT_REACH = 3;

/** Whether "next" stands before the time at `at` (its leading words from `lead`) with no day after it. */
export function nextWithoutDay(words: readonly string[], start: number, lead: number): boolean {
  for (let index = Math.max(start, lead - NEXT_REACH); index < lead; index++) {
    if (words[index] === 'next' && !NEXT_WHAT.has(words[index + 1] ?? '')) return true;
  }
  return false;
}
