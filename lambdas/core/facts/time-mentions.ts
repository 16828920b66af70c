/**
 * Times, days and dates as a transcript or a summary states them (issue 24): "at 9.", "before five today",
 * "4:30", "8pm", "one p.m.", "at eleven thirty", "noon", "Friday", "tomorrow", "until the 23rd". Each with its
 * words, its value as the checks compare it, and what makes it doubtful however well it was heard ("46 p.m."
 * is no time; "before 4th" is a date where a time was said). core/facts/fact-mentions.ts finds the other facts.
 */
import { bareWord, TENS, UNITS } from '#core/transcripts/spoken-numbers';
import {
  HOUR_WORDS,
  ledPastAbout,
  MERIDIEM,
  MINUTE_WORDS,
  minutesBeforeMeridiem,
  spokenClock,
  TIME_PREPOSITIONS,
  timeValue,
} from './clock-words';

/**
 * What a fact is: a caller's name or business, a phone number, card/account/extension digits, money, a time, a
 * day, a date.
 */
export type FactKind = 'name' | 'business' | 'phone' | 'digits' | 'amount' | 'time' | 'day' | 'date';

/** One fact found in a text's words (the other kinds than times are found in core/facts/fact-mentions.ts). */
export type Mention = {
  readonly kind: FactKind;
  /** The words it spans: [start, end) in the text's words. */
  readonly start: number;
  readonly end: number;
  /** What the checks compare: "2065550142", "412", "7731", "9" or "4:30", "friday", "23", "Jenna". */
  readonly value: string;
  /** Why the way it was written makes it doubtful, however well it was heard; null: nothing. */
  readonly problem: string | null;
};

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const RELATIVE_DAYS = ['today', 'tonight', 'tomorrow'];
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};

const NOT_A_TIME = 'not a time of day';

/**
 * Minutes off the five ("9:01", "4:07"): callers give a time on the five minutes; an engine writes such a time
 * for two numbers run together ("nine till one", "four oh seven" of a phone number).
 */
export const OFF_THE_FIVE = 'minutes off the five: two numbers run together';

/**
 * "Wednesday, 15:10 and 2:00" for "Wednesday between ten and two": callers in English say "three ten", not
 * "fifteen ten", so an hour of 13 to 23 the engine wrote is a mishearing (core/facts/fact-checks.ts lets it
 * stand in the languages whose callers say the 24-hour clock).
 */
export const TWENTY_FOUR_HOUR = 'a 24-hour time, which callers in English do not say';

function timeProblem(hour: number, minutes: string | undefined, meridiem: boolean): string | null {
  if (minutes !== undefined && Number(minutes) > 59) return NOT_A_TIME;
  if (hour > (meridiem ? 12 : 23)) return NOT_A_TIME;
  if (hour > 12) return TWENTY_FOUR_HOUR;
  return minutes !== undefined && Number(minutes) % 5 !== 0 ? OFF_THE_FIVE : null;
}

/**
 * A clock time written in one word: "4:30", "9:00.", "8pm", "2pm,", "6:45am"; "8.15" with "a.m." or "p.m."
 * (the engine's dot is the colon: "report on Tuesday at 8.15 a.m.").
 */
const WRITTEN_CLOCK = /^(\d{1,2})(?:([:.])(\d{2}))?(am|pm|a\.m|p\.m)?$/;

/** Words a time run together ("at 1045") may be followed by: "at 1045 at the office", "at 1045 on Thursday". */
const AFTER_A_TIME = new Set(['at', 'on', 'in', 'today', 'tomorrow', 'tonight', 'this', 'or', 'and', 'so']);

/**
 * "cleaning on Thursday at 1045": an hour and its minutes the engine wrote as one number, after "at", "by",
 * "before"... and followed by nothing, "am"/"pm", a day or a word that goes on from a time ("at 1045 at
 * Brightsmile"), never a street ("at 1045 Oak Street" is an address). The hour and the minutes, or null.
 */
export function runTogetherClock(
  words: readonly string[],
  index: number,
): { readonly hour: number; readonly minutes: string } | null {
  const joined = /^(1[0-2]|[1-9])([0-5][05])$/.exec(words[index] ?? '');
  if (joined === null || !TIME_PREPOSITIONS.has(words[index - 1] ?? '')) return null;
  const next = words[index + 1];
  const goesOn =
    next === undefined || MERIDIEM.has(next) || AFTER_A_TIME.has(next) || WEEKDAYS.includes(next);
  return goesOn ? { hour: Number(joined[1]), minutes: joined[2]! } : null;
}

/**
 * "half past two", "quarter to five", "a quarter after nine", "quarter to 9:00": the minutes said before the hour, which makes
 * it a time however it is introduced.
 */
function quarterAt(words: readonly string[], index: number): Mention | null {
  const word = words[index] ?? '';
  const link = words[index + 1] ?? '';
  if (word !== 'half' && word !== 'quarter') return null;
  const to = link === 'to' || link === 'till' || link === 'of';
  if (!to && link !== 'past' && link !== 'after') return null;
  if (word === 'half' && to) return null;
  const said = words[index + 2] ?? '';
  // "quarter to 9:00": the engine writes the hour as a clock (issue 32, the eleventh set).
  const clock = /^(\d{1,2})(?::00)?$/.exec(said);
  const hour = HOUR_WORDS[said] ?? (clock ? Number(clock[1]) : undefined);
  if (hour === undefined || hour < 1 || hour > 12) return null;
  const meridiem = MERIDIEM.has(words[index + 3] ?? '') ? 1 : 0;
  const minutes = word === 'half' ? '30' : to ? '45' : '15';
  return {
    kind: 'time',
    start: index,
    end: index + 3 + meridiem,
    value: timeValue(to ? (hour === 1 ? 12 : hour - 1) : hour, minutes),
    problem: null,
  };
}

/** An hour word or a number of 1 to 12 with nothing else in it: "4", "four". */
const isHour = (word: string) => HOUR_WORDS[word] !== undefined || /^(?:[1-9]|1[0-2])$/.test(word);

/** Words that take a bare hour to the end of a range: "from two to four", "from 8 till noon". */
const RANGE_TO = new Set(['to', 'till', 'until', 'through', '-']);

/**
 * Whether the word before a bare hour at `index` (no minutes, no "am"/"pm") makes it a time: "at 9", "before
 * five". "from" does only when the range goes on ("from two to four"): "from Two Brothers Moving" is a name.
 */
function leadsAnHour(words: readonly string[], index: number): boolean {
  const before = words[index - 1] ?? '';
  if (before === 'from') return RANGE_TO.has(words[index + 1] ?? '');
  // "between ten and two": the window's end is an hour too.
  if (before === 'and') return words[index - 3] === 'between' && isHour(words[index - 2] ?? '');
  return TIME_PREPOSITIONS.has(before);
}

/**
 * Whether the hour at `index` is followed by "to", "till", "until" or "-" and an hour with "am" or "pm" (or
 * "noon"): "2 to 4 pm", "ten to noon" open a window at the first.
 */
function opensWindow(words: readonly string[], index: number): boolean {
  const link = words[index + 1] ?? '';
  const end = words[index + 2] ?? '';
  if (!['to', 'till', 'until', '-'].includes(link)) return false;
  if (end === 'noon') return true;
  if (/^\d{1,2}(?::\d{2})?(?:am|pm|a\.m|p\.m)$/.test(end)) return true;
  return (isHour(end) || /^\d{1,2}:\d{2}$/.test(end)) && MERIDIEM.has(words[index + 3] ?? '');
}

/** The time that starts at `index`, or null. `taken` marks words already read as another fact. */
function timeAt(words: readonly string[], index: number, taken: ReadonlySet<number>): Mention | null {
  const word = words[index] ?? '';
  const after = (offset: number) => words[index + offset] ?? '';
  const meridiemAfter = (at: number) => (MERIDIEM.has(after(at)) ? 1 : 0);
  if (word === 'noon' || word === 'midnight') {
    return { kind: 'time', start: index, end: index + 1, value: '12', problem: null };
  }
  const quarter = quarterAt(words, index);
  if (quarter !== null) return quarter;
  const joined = runTogetherClock(words, index);
  if (joined !== null) {
    const extra = meridiemAfter(1);
    const value = timeValue(joined.hour, joined.minutes);
    return { kind: 'time', start: index, end: index + 1 + extra, value, problem: null };
  }
  const clock = WRITTEN_CLOCK.exec(word);
  if (clock !== null) {
    const [, hourText, separator, minutes, attached] = clock;
    const hour = Number(hourText);
    const extra = attached === undefined ? meridiemAfter(1) : 0;
    const meridiem = attached !== undefined || extra === 1;
    // "8.15" is a time only with "a.m." or "p.m.": else a number ("2.5 hours", "version 3.10").
    if (separator === '.' && !meridiem) return null;
    // A bare number is an hour only after "at", "before"... or before "pm", or opening a window that ends at
    // one ("2 to 4 pm"): else it is a count ("10 minutes").
    if (minutes === undefined && !meridiem && !leadsAnHour(words, index) && !opensWindow(words, index)) {
      return null;
    }
    if (minutes === undefined && !meridiem && /^\d/.test(after(1))) return null;
    return {
      kind: 'time',
      start: index,
      end: index + 1 + extra,
      value: timeValue(hour, minutes),
      problem: timeProblem(hour, minutes, meridiem),
    };
  }
  const spoken = spokenClock(words, index);
  if (spoken !== null) {
    const end = spoken.end + meridiemAfter(spoken.end - index);
    return { kind: 'time', ...spoken, end, problem: null };
  }
  const hour = HOUR_WORDS[word];
  if (hour === undefined) return null;
  const named = MINUTE_WORDS[after(1)] ?? (after(1) === 'forty' && after(2) === 'five' ? '45' : undefined);
  const beforeMeridiem = named === undefined ? minutesBeforeMeridiem(words, index + 1) : null;
  const minuteWord = named ?? beforeMeridiem?.minutes;
  const minuteWords = beforeMeridiem?.count ?? (named === undefined ? 0 : after(1) === 'forty' ? 2 : 1);
  const extra = meridiemAfter(1 + minuteWords);
  const led = minuteWords === 0 ? leadsAnHour(words, index) : ledPastAbout(words, index);
  if (!led && extra === 0 && !opensWindow(words, index + minuteWords)) return null;
  // "at five, five, five..." starts a phone number.
  const next = after(1 + minuteWords + extra);
  if (extra === 0 && minuteWords === 0 && (next in UNITS || taken.has(index + 1))) return null;
  return {
    kind: 'time',
    start: index,
    end: index + 1 + minuteWords + extra,
    value: timeValue(hour, minuteWord),
    problem: null,
  };
}

/** What an ordinal counts when it is no date: "the third floor", "the second time", "the 1st one". */
const COUNTED =
  /^(?:floor|time|grade|street|avenue|ave|place|one|thing|row|door|level|option|shift|round|page|unit|building|house|person|step)s?$/;

/** A day of the month: "23rd", "the twenty third", "fifteenth"; doubtful without "the", a month or a weekday before it. */
function dateAt(words: readonly string[], index: number): Mention | null {
  const word = words[index] ?? '';
  const written = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(word);
  let day: number | undefined;
  let end = index + 1;
  // "twenty-third": an engine may write the two words as one.
  const joined = /^(twenty|thirty)-([a-z]+)$/.exec(word);
  if (written !== null) {
    day = Number(written[1]);
  } else if (joined !== null && joined[2]! in ORDINAL_WORDS) {
    day = Number(TENS[joined[1]!]) * 10 + (ORDINAL_WORDS[joined[2]!] ?? 0);
  } else if ((word === 'twenty' || word === 'thirty') && (words[index + 1] ?? '') in ORDINAL_WORDS) {
    day =
      (TENS[word] === undefined ? 0 : Number(TENS[word]) * 10) + (ORDINAL_WORDS[words[index + 1] ?? ''] ?? 0);
    end = index + 2;
  } else {
    day = ORDINAL_WORDS[word];
  }
  if (day === undefined) return null;
  // "the third floor", "the 2nd time": an ordinal counting something is no day of the month.
  if (COUNTED.test(words[end] ?? '')) return null;
  const before = words[index - 1] ?? '';
  const introduced = before === 'the' || MONTHS.includes(before) || WEEKDAYS.includes(before);
  // "first" and "second" are words before they are dates: spoken ordinals count only after "the" or a month.
  if (written === null && joined === null && !introduced) return null;
  const problem =
    day < 1 || day > 31 ? 'not a day of the month' : introduced ? null : 'a date with no "the" or month';
  return { kind: 'date', start: index, end, value: String(day), problem };
}

/** A day named: a weekday ("Friday", "Saturday's"), today, tonight or tomorrow. */
function dayAt(words: readonly string[], index: number): Mention | null {
  const word = (words[index] ?? '').replace(/'s$/, '');
  if (!WEEKDAYS.includes(word) && !RELATIVE_DAYS.includes(word)) return null;
  return { kind: 'day', start: index, end: index + 1, value: word, problem: null };
}

/**
 * The times, days and dates in a text's words (`words` bare and lowercase, as `bareWords` gives them),
 * skipping the words `taken` by other facts (a phone number's digits are no hour).
 */
export function timeMentions(words: readonly string[], taken: ReadonlySet<number>): Mention[] {
  const found: Mention[] = [];
  let index = 0;
  while (index < words.length) {
    const mention = taken.has(index)
      ? null
      : (timeAt(words, index, taken) ?? dateAt(words, index) ?? dayAt(words, index));
    if (mention === null) {
      index += 1;
    } else {
      found.push(mention);
      index = mention.end;
    }
  }
  // "call us back at 8:00. 555-0110": a time run straight into a number was likely part of it; "my direct
  // line is 5:12, 5:55, 0:12, 8:00": clock times one after another are a number an engine wrote as times.
  const clock = (mention: Mention | undefined) =>
    mention?.kind === 'time' && /:/.test(words[mention.start] ?? '');
  const impossible = impossibleRanges(words, found);
  return found.map((mention, at) => {
    if (mention.kind !== 'time' || mention.problem !== null) return mention;
    if (impossible.has(at)) return { ...mention, problem: IMPOSSIBLE_RANGE };
    if (taken.has(mention.end)) return { ...mention, problem: 'a time run into a number' };
    const [before, after] = [found[at - 1], found[at + 1]];
    const inARow =
      clock(mention) &&
      ((clock(before) && before?.end === mention.start) || (clock(after) && after?.start === mention.end));
    return inARow ? { ...mention, problem: 'a number written as times' } : mention;
  });
}

export const IMPOSSIBLE_RANGE = 'a range that ends before it starts';
/** Words that join the two ends of a range of times: "8 to noon", "9 till 1", "between 9:30 and 11:30". */
const RANGE_LINKS = new Set(['to', 'till', 'until', 'through', '-']);
/**
 * A range whose end comes less than this many minutes before its start on a 12-hour clock ("6:00 to 5:55")
 * is no range anyone keeps: read across noon it would last more than eleven and a half hours. "7 to 6:30"
 * (a daycare's day) and "10 to 9" (a shop's) are ranges, and stay.
 */
const RANGE_AT_MOST_MINUTES = 11.5 * 60;

/** A time's value ("9", "4:30") as minutes past twelve on a 12-hour clock. */
function clockMinutes(value: string): number {
  const [hour = '0', minutes = '0'] = value.split(':');
  return (Number(hour) % 12) * 60 + Number(minutes);
}

/** "am" or "pm" as the words of a time say it, or null. */
function meridiemOf(words: readonly string[], mention: Mention): 'am' | 'pm' | null {
  const said = words.slice(mention.start, mention.end).join(' ');
  if (/(?:^|\d|\s)a\.?m\b/.test(said)) return 'am';
  if (/(?:^|\d|\s)p\.?m\b/.test(said)) return 'pm';
  return null;
}

/**
 * The indices (in `found`) of both ends of every range that cannot be one ("6:00 to 5:55", "noon to noon",
 * "6pm to 5pm") and of the times run on from it. An engine that hears a phone number as times writes such
 * ranges ("Saturday afternoon, 6:00 to 5:55, so 1:00 to 4:00" for "six oh two, five fifty-five, oh one
 * eighty-four", issue 32); none of those times is stated.
 */
function impossibleRanges(words: readonly string[], found: readonly Mention[]): Set<number> {
  const ends = new Set<number>();
  // Times that follow one another a word apart are one run ("6:00 to 5:55, so 1:00 to 4:00"): one impossible
  // range in it doubts the whole run, as the engine heard all of it as it heard that one.
  const runOf = (at: number): number[] => {
    let [first, last] = [at, at];
    const next = (i: number) => found[i + 1]?.kind === 'time' && found[i + 1]!.start - found[i]!.end <= 1;
    while (first > 0 && found[first - 1]?.kind === 'time' && next(first - 1)) first -= 1;
    while (next(last)) last += 1;
    return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
  };
  found.forEach((start, at) => {
    const end = found[at + 1];
    if (start.kind !== 'time' || end?.kind !== 'time' || end.start !== start.end + 1) return;
    const link = words[start.end] ?? '';
    const between = link === 'and' && words[start.start - 1] === 'between';
    if (!RANGE_LINKS.has(link) && !between) return;
    const [from, to] = [clockMinutes(start.value), clockMinutes(end.value)];
    const [fromHalf, toHalf] = [meridiemOf(words, start), meridiemOf(words, end)];
    const sameHalf = fromHalf !== null && fromHalf === toHalf;
    const lasts = (to - from + 720) % 720;
    if ((sameHalf && to <= from) || lasts === 0 || lasts > RANGE_AT_MOST_MINUTES) {
      for (const member of runOf(at)) ends.add(member);
    }
  });
  return ends;
}

/** A text's words as the finders read them: lowercase, without the punctuation around them. */
export function bareWords(tokens: readonly string[]): string[] {
  return tokens.map((token) => bareWord(token));
}
