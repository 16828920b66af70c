/**
 * The words of a clock time (issue 24; issue 32): what leads a time in ("at 9", "till about ten thirty"), the
 * hours and minutes said in words, "am" and "pm", and a time's value ("9", "4:30"). core/facts/time-mentions.ts
 * finds times with them; core/facts/fact-mentions.ts reads no digits in a clock said in words.
 */
import { TEENS, TENS, UNITS } from '#core/transcripts/spoken-numbers';

/** Words after which a bare number is an hour: "at 9", "before five", "between 10 and noon". */
export const TIME_PREPOSITIONS = new Set([
  'at',
  'by',
  'until',
  'till',
  'before',
  'after',
  'around',
  'from',
  'between',
]);
export const MERIDIEM = new Set(['am', 'pm', 'a.m', 'p.m']);
export const HOUR_WORDS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    Object.entries(UNITS)
      .filter(([word, digit]) => digit !== '0' && word !== 'o')
      .map(([word, digit]) => [word, Number(digit)]),
  ),
  ten: 10,
  eleven: 11,
  twelve: 12,
};
export const MINUTE_WORDS: Readonly<Record<string, string>> = {
  fifteen: '15',
  thirty: '30',
  "o'clock": '00',
};

/**
 * Minutes said in words just before "am" or "pm" (issue 32, the tenth set: "departing tomorrow at six ten am"
 * was read as 6 and 10): "ten", "twenty five", "forty", "oh five", from `at`, with how many words they take.
 * Only with the meridiem right after them: without it, "at six, ten" may be two things.
 */
export function minutesBeforeMeridiem(
  words: readonly string[],
  at: number,
): { readonly minutes: string; readonly count: number } | null {
  const [first = '', second = ''] = words.slice(at, at + 2);
  const unit = UNITS[second] !== undefined && UNITS[second] !== '0' ? UNITS[second] : undefined;
  let minutes: string | undefined;
  let count = 1;
  if ((first === 'oh' || first === 'o') && unit !== undefined) [minutes, count] = [`0${unit}`, 2];
  else if (TEENS[first] !== undefined) minutes = TEENS[first];
  else if (TENS[first] !== undefined)
    [minutes, count] = unit === undefined ? [`${TENS[first]}0`, 1] : [`${TENS[first]}${unit}`, 2];
  if (minutes === undefined || Number(minutes) > 59) return null;
  return MERIDIEM.has(words[at + count] ?? '') ? { minutes, count } : null;
}

/** "9", "4:30", "12" for noon: the hour on a 12-hour clock and the minutes unless they are 00. */
export function timeValue(hour: number, minutes: string | undefined): string {
  const twelve = hour === 0 ? 12 : hour > 12 && hour <= 23 ? hour - 12 : hour;
  return minutes === undefined || minutes === '00' ? String(twelve) : `${twelve}:${minutes}`;
}

/** "till ten thirty", "till about ten thirty": a word that leads a time in, "about" passed over. */
export const ledPastAbout = (words: readonly string[], index: number) =>
  TIME_PREPOSITIONS.has(words[index - 1] ?? '') ||
  (words[index - 1] === 'about' && TIME_PREPOSITIONS.has(words[index - 2] ?? ''));

/**
 * "till about ten-thirty", "at ten thirty": an hour word and its minutes (one word with a hyphen, or two) led
 * in by "at", "till"... (core/facts/fact-mentions.ts reads no digits "1030" in them), else null.
 */
export function spokenClock(
  words: readonly string[],
  index: number,
): { readonly start: number; readonly end: number; readonly value: string } | null {
  const [hourWord = '', minuteWord = ''] = /^[a-z]+-[a-z]+$/.test(words[index] ?? '')
    ? (words[index] ?? '').split('-')
    : [words[index], words[index + 1]];
  const hour = HOUR_WORDS[hourWord];
  const minutes = minuteWord === "o'clock" ? undefined : MINUTE_WORDS[minuteWord];
  if (hour === undefined || minutes === undefined || !ledPastAbout(words, index)) return null;
  const end = index + (words[index]?.includes('-') ? 1 : 2);
  return { start: index, end, value: timeValue(hour, minutes) };
}
