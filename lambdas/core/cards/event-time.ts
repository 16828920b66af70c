/**
 * When a stated time is (issue 25, "Add to calendar"; issue 32): the days and times a caller said ("Friday at
 * nine", "before five today", "the 23rd", "between ten and noon", "half past two"), as core/facts/time-mentions.ts
 * found them, resolved against when the message arrived, in the sender's time zone. Only facts the checks passed
 * come here, from one sentence (core/cards/time-to-keep.ts).
 *
 * - The first time said is the one kept ("Friday at nine, or Monday at four": Friday at nine), with the day
 *   said just before it ("Friday at nine"), else just after it ("at noon on Friday") but not after an "or"
 *   ("at nine, or if that's too soon, Friday at one": Friday is the other slot's).
 * - A weekday is the next one after the day of arrival: "Sunday" said on a Sunday is the next week's (a
 *   person says "today" for today: "I'm gonna drive up Sunday", left on a Sunday, is a week away).
 * - "today" and "tonight" are the day of arrival, "tomorrow" the next; "the 23rd" this month, or the next
 *   month that has that day once it has passed.
 * - A time with no day is the next time it comes: "before five" said at six in the evening is tomorrow;
 *   with "this morning", "this afternoon" or "this evening" it is today's.
 * - Without "am" or "pm": "morning" in the sentence makes it morning; "afternoon", "evening", "tonight",
 *   "night" or an evening's outing ("dinner at seven", "the game starts at seven") the afternoon or evening;
 *   else 7 to 11 are morning and 12 to 6 afternoon (offices' hours: a dentist's "Monday at ten", "pick it up
 *   before six").
 * - "before", "by", "until", "till" and "we close at" make a deadline: the event ends at the time said; the
 *   time a place closes ("we close at six", "we're open until nine") is the afternoon or evening.
 * - "between ten and noon", "from eight to noon": the event is the window.
 * - "December 5th", "the 5th of December": the nearest such day, last year's, this year's or next; one already
 *   past ("your October 2nd visit") is no event ('passed'); a month said that is not read with a day gives none.
 * - A time already past when the message arrived ("before five today" said at six) is no event ('passed').
 */
import { TZDateMini } from '@date-fns/tz';
import { type Mention, WEEKDAYS } from '#core/facts/time-mentions';

/** How long an event is when the caller said one time: half an hour. */
export const EVENT_MINUTES = 30;

/** A resolved time: an instant range, or a whole day when the caller named a day but no time. */
export type EventWhen =
  | { readonly kind: 'timed'; readonly start: Date; readonly end: Date; readonly deadline: boolean }
  | { readonly kind: 'day'; readonly year: number; readonly month: number; readonly day: number };

const DEADLINE_WORDS = new Set(['before', 'by', 'until', 'till']);
/** Words between "till" or "until" and its time: "till about 10:30" ("come by around seven" is a visit). */
const ROUGHLY = new Set(['about', 'around']);
/** "we close at six": the time is when something ends. */
const CLOSING_WORDS = new Set(['close', 'closes', 'closing', 'closed']);
/** "we are open until nine": the time a place closes, too. */
const OPEN_WORDS = new Set(['open']);
const UNTIL_WORDS = new Set(['until', 'till']);
/** Words between two times that make them one window: "between ten and noon", "from eight to noon". */
const WINDOW_WORDS = new Set(['and', 'to', 'till', 'until', '-']);

export type PartOfDay = 'morning' | 'afternoon' | 'evening';
/** The parts of the day said in words. */
const SAID_PARTS: Readonly<Record<string, PartOfDay>> = {
  morning: 'morning',
  afternoon: 'afternoon',
  evening: 'evening',
  tonight: 'evening',
  night: 'evening',
};
/** What happens at a part of the day: "dinner at seven", "the game starts at seven". */
const OUTINGS: Readonly<Record<string, PartOfDay>> = {
  breakfast: 'morning',
  dinner: 'evening',
  supper: 'evening',
  game: 'evening',
  party: 'evening',
  concert: 'evening',
  movie: 'evening',
  drinks: 'evening',
  // "a table at Lupita's Saturday at 7:30", "for Jess's birthday": an evening out.
  table: 'evening',
  birthday: 'evening',
  // "It's Saturday at 7 at Rocco's, the Italian place with the patio heaters" (issue 32, the twelfth set): a
  // restaurant named by its food, a celebration.
  italian: 'evening',
  mexican: 'evening',
  thai: 'evening',
  sushi: 'evening',
  steakhouse: 'evening',
  pizza: 'evening',
  pub: 'evening',
  brewery: 'evening',
  patio: 'evening',
  anniversary: 'evening',
  celebration: 'evening',
};

/**
 * The part of the day a sentence's words put its times in ("tomorrow morning at nine", "dinner at seven"), or
 * null. A part said in words wins over what happens then: "Lakeshore Restaurant Supply ... between 6 and 8 in
 * the morning" is the morning.
 */
export function partOfDay(words: readonly string[]): PartOfDay | null {
  const bare = words.map((word) => word.replace(/'s$/, ''));
  const said = agreed(bare.map((word) => SAID_PARTS[word]));
  return said === undefined ? (agreed(bare.map((word) => OUTINGS[word])) ?? null) : said;
}

/**
 * The one part the words name; null when they disagree ("this morning ... tonight": the hours keep their
 * ordinary reading); undefined when they name none.
 */
function agreed(parts: readonly (PartOfDay | undefined)[]): PartOfDay | null | undefined {
  const named = new Set(parts.filter((part) => part !== undefined));
  return named.size === 0 ? undefined : named.size === 1 ? [...named][0]! : null;
}
const MINUTE_MS = 60_000;

type LocalDay = { readonly year: number; readonly month: number; readonly day: number };

/**
 * Whether an hour said without "am" or "pm" (1-12) is read as afternoon or evening: by the part of the day the
 * sentence says, else 7 to 11 are morning and 12 to 6 afternoon. Twelve is noon whatever part is said.
 */
export function ordinarilyAfternoon(twelve: number, part: PartOfDay | null): boolean {
  return twelve === 12 || (part === null ? twelve <= 6 : part !== 'morning');
}

/** The hour (0-23) and minutes a time mention says, from its words ("9", "4:30", "8pm", "one p.m."). */
function clockOf(
  words: readonly string[],
  mention: Mention,
  part: PartOfDay | null,
): { hour: number; minute: number } {
  const said = words.slice(mention.start, mention.end).join(' ');
  if (/\bmidnight\b/.test(said)) return { hour: 0, minute: 0 };
  if (/\bnoon\b/.test(said)) return { hour: 12, minute: 0 };
  const [hourText, minuteText] = mention.value.split(':');
  const twelve = Number(hourText);
  const minute = Number(minuteText ?? '0');
  // Written as 24-hour ("17:00"): the first word holds the hour.
  const written = Number(/^(\d{1,2}):/.exec(words[mention.start] ?? '')?.[1] ?? Number.NaN);
  if (written > 12) return { hour: written, minute };
  // "eight p. m.": the engine wrote it apart, and the words after the time say it.
  const apart = words.slice(mention.end, mention.end + 2).join(' ');
  const pm = /(?:^|\d|\s)p\.?m\b/.test(said) || apart === 'p m';
  const am = /(?:^|\d|\s)a\.?m\b/.test(said) || apart === 'a m';
  // "Thursday at 2:30am E afternoon": the engine wrote "am" for "in the", and the words after it say the part.
  const amSaidAfternoon =
    am &&
    /^(?:\S+ )?(?:in the |this )?(?:afternoon|evening)\b/.test(
      words.slice(mention.end, mention.end + 4).join(' '),
    );
  const afternoon = pm || amSaidAfternoon || (!am && ordinarilyAfternoon(twelve, part));
  const hour = (twelve % 12) + (afternoon ? 12 : 0);
  return { hour, minute };
}

const SAYS_MERIDIEM = /(?:^|\d|\s)[ap]\.?m\b/;

/**
 * A window's start said without "am" or "pm" takes the end's when it comes before it on the clock: "8 to 10
 * pm" starts at 8 pm, "11 to 1 pm" at 11 in the morning.
 */
function sharedMeridiem(
  words: readonly string[],
  first: Mention,
  second: Mention,
  clock: { hour: number; minute: number },
  until: { hour: number; minute: number },
): { hour: number; minute: number } {
  const saidFirst = words.slice(first.start, first.end).join(' ');
  const saidSecond = words.slice(second.start, second.end).join(' ');
  if (SAYS_MERIDIEM.test(saidFirst) || !SAYS_MERIDIEM.test(saidSecond) || until.hour % 12 === 0) return clock;
  const twelve = clock.hour % 12;
  if (twelve >= until.hour % 12) return clock;
  return { hour: twelve + (until.hour >= 12 ? 12 : 0), minute: clock.minute };
}

/** Days since 1970 of a local day, to measure how far apart two days are. */
const dayNumber = (day: LocalDay) => Date.UTC(day.year, day.month - 1, day.day) / 86_400_000;

/**
 * The day `date` of `month` nearest today (last year's, this year's or next year's): a month said names the
 * nearest such day ("January 5th" said in November is next year's). 'passed' when that day is before the
 * arrival (or today, its time gone): "your October 2nd visit" said in November is October's, never next year's.
 */
function inMonth(
  month: number,
  date: number,
  today: LocalDay,
  isAfter: (day: LocalDay) => boolean,
): LocalDay | 'passed' | null {
  let nearest: LocalDay | null = null;
  const away = (day: LocalDay) => Math.abs(dayNumber(day) - dayNumber(today));
  for (const year of [today.year - 1, today.year, today.year + 1]) {
    if (date > new Date(Date.UTC(year, month, 0)).getUTCDate()) continue;
    const candidate = { year, month, day: date };
    if (nearest === null || away(candidate) < away(nearest)) nearest = candidate;
  }
  if (nearest === null) return null;
  const order = compareDays(nearest, today);
  return order > 0 || (order === 0 && isAfter(nearest)) ? nearest : 'passed';
}

const addDays = (day: LocalDay, days: number, timeZone: string): LocalDay => {
  const moved = new TZDateMini(day.year, day.month - 1, day.day + days, 12, 0, timeZone);
  return { year: moved.getFullYear(), month: moved.getMonth() + 1, day: moved.getDate() };
};

/** Month names: a date said with one is not placed (the finders read the day of the month only). */
const MONTHS = new Set(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);

const instant = (day: LocalDay, hour: number, minute: number, timeZone: string) =>
  new Date(new TZDateMini(day.year, day.month - 1, day.day, hour, minute, timeZone).getTime());

const compareDays = (a: LocalDay, b: LocalDay) => a.year - b.year || a.month - b.month || a.day - b.day;

/** The day of the month `date` on or after `from`: this month, else the next month that has it. */
function dayOfMonth(date: number, from: LocalDay): LocalDay | null {
  for (let ahead = 0; ahead < 3; ahead++) {
    const month0 = from.month - 1 + ahead;
    const year = from.year + Math.floor(month0 / 12);
    const month = (month0 % 12) + 1;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const candidate = { year, month, day: date };
    if (date <= days && compareDays(candidate, from) >= 0) return candidate;
  }
  return null;
}

/**
 * The time the mentions state (`words`: the text's words bare and lowercase, as the finders read them), or
 * null when they state none that can be placed (a date that is no day), 'disagree' for a weekday and a date
 * that are not the same day ("Tuesday the 23rd" when the 23rd is a Wednesday).
 */
export function resolveWhen(
  words: readonly string[],
  mentions: readonly Mention[],
  receivedAt: string,
  timeZone: string,
  reading: {
    /** The part of the day the sentence says ("tomorrow morning at nine"). */
    readonly part?: PartOfDay | null;
    /** The sentence says "this morning", "this afternoon" or "this evening": the day of arrival, or none. */
    readonly today?: boolean;
    /** The month named with the date ("December 5th", "the 5th of December"), 1-12. */
    readonly month?: number | null;
  } = {},
): EventWhen | 'passed' | 'disagree' | null {
  const part = reading.part ?? null;
  const arrival = new Date(receivedAt);
  const local = new TZDateMini(arrival.getTime(), timeZone);
  const today: LocalDay = { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
  const times = mentions.filter((mention) => mention.kind === 'time');
  const first = times[0];
  const said = (at: number) => words[at] ?? '';
  // The day said with the first time: the last one before it, else the first after it.
  const dayLike = mentions.filter((mention) => mention.kind === 'day' || mention.kind === 'date');
  const before = dayLike.filter((mention) => first === undefined || mention.end <= first.start);
  // "at nine, or if that's too soon, Friday at one": a day after an "or" is the other slot's; in "at 9 or 10
  // on Friday" the "or" joins two times, and Friday is the day of both.
  const orFound = first === undefined ? -1 : words.indexOf('or', first.end);
  const joinsTimes =
    first !== undefined &&
    orFound === first.end &&
    (times.some((m) => m.start === orFound + 1) || /^\d{1,2}(?::\d\d)?$/.test(said(orFound + 1)));
  const orAt = joinsTimes ? -1 : orFound;
  const after = dayLike.filter(
    (mention) => first !== undefined && mention.start >= first.end && (orAt < 0 || mention.start < orAt),
  );
  const paired = (kind: 'day' | 'date') => {
    const last = [...before.filter((m) => m.kind === kind)].pop();
    // "Starting tomorrow, our lot closes at 6 p.m. today": a day said right after the time is its own, over
    // one said earlier in the sentence and apart from it (eleventh set).
    const rightAfter = after.find((m) => m.kind === kind && first !== undefined && m.start === first.end);
    const apart = last === undefined || (first !== undefined && last.end < first.start - 1);
    const near = (apart ? rightAfter : undefined) ?? last ?? after.find((m) => m.kind === kind);
    return first === undefined ? dayLike.find((m) => m.kind === kind) : near;
  };
  const dayMention = paired('day');
  const date = paired('date');
  if (first === undefined && dayMention === undefined && date === undefined) return null;
  // "we close at six", "we are open until 9": when a place closes, in the afternoon or evening.
  const closing =
    first !== undefined &&
    ((said(first.start - 1) === 'at' && CLOSING_WORDS.has(said(first.start - 2))) ||
      (UNTIL_WORDS.has(said(first.start - 1)) && OPEN_WORDS.has(said(first.start - 2))));
  const evening = dayMention?.value === 'tonight' ? 'evening' : (part ?? (closing ? 'evening' : null));
  const clock = first === undefined ? null : clockOf(words, first, evening);
  // "till about 10:30": the time is still the last one.
  const lead =
    first === undefined
      ? ''
      : said(
          first.start -
            (ROUGHLY.has(said(first.start - 1)) && UNTIL_WORDS.has(said(first.start - 2)) ? 2 : 1),
        );
  const deadline = first !== undefined && (DEADLINE_WORDS.has(lead) || closing);
  const isAfter = (day: LocalDay) =>
    clock === null ? compareDays(day, today) > 0 : instant(day, clock.hour, clock.minute, timeZone) > arrival;

  let day: LocalDay | null = null;
  const named = dayMention?.value;
  if (date !== undefined) {
    const near = words.slice(Math.max(0, date.start - 3), date.end + 3);
    if (reading.month) {
      const inTheMonth = inMonth(reading.month, Number(date.value), today, isAfter);
      if (inTheMonth === 'passed') return 'passed';
      day = inTheMonth;
    } else if (near.some((word) => MONTHS.has(word))) {
      // A month said that was not read with the date: no day is guessed from the date alone.
      return null;
    } else {
      day = dayOfMonth(Number(date.value), today);
      if (day !== null && !isAfter(day) && compareDays(day, today) === 0) {
        day = dayOfMonth(Number(date.value), addDays(today, 1, timeZone));
      }
    }
    // "Friday the 23rd" when the 23rd is no Friday: the caller or the engine is wrong, and nobody can tell which.
    if (day !== null && named !== undefined && WEEKDAYS.includes(named)) {
      const weekday = new TZDateMini(instant(day, 12, 0, timeZone), timeZone).getDay();
      if ((WEEKDAYS.indexOf(named) + 1) % 7 !== weekday) return 'disagree';
    }
  } else if (named === 'today' || named === 'tonight') {
    day = today;
  } else if (named === 'tomorrow') {
    day = addDays(today, 1, timeZone);
  } else if (named !== undefined) {
    const wanted = (WEEKDAYS.indexOf(named) + 1) % 7;
    // The weekday of arrival itself is a week away: that day is "today".
    const ahead = (wanted - local.getDay() + 7) % 7 || 7;
    day = addDays(today, ahead, timeZone);
  } else {
    // "this afternoon around three" is today's, and no event once it has passed.
    day = isAfter(today) || reading.today ? today : addDays(today, 1, timeZone);
  }
  if (day === null) return null;
  if (clock === null || first === undefined) return { kind: 'day', ...day };
  const second = times[1];
  const between = second === undefined ? [] : words.slice(first.end, second.start);
  const opens = said(first.start - 1) === 'between' || said(first.start - 1) === 'from';
  // "between ten and noon", "from 8 am to noon", "2 to 4 pm": a window ("at 10 and 11:30" is two times).
  const window =
    second !== undefined &&
    between.length > 0 &&
    between.every((word) => WINDOW_WORDS.has(word)) &&
    (opens || !between.includes('and'));
  const until = window && second !== undefined ? clockOf(words, second, evening) : null;
  const start =
    until === null || second === undefined ? clock : sharedMeridiem(words, first, second, clock, until);
  const at = instant(day, start.hour, start.minute, timeZone);
  // "before five today" said at six: the time has passed, there is nothing to put in a calendar.
  if (at <= arrival) return 'passed';
  if (until !== null) {
    const end = instant(day, until.hour, until.minute, timeZone);
    if (end > at) return { kind: 'timed', start: at, end, deadline: false };
  }
  const span = EVENT_MINUTES * MINUTE_MS;
  return deadline
    ? { kind: 'timed', start: new Date(at.getTime() - span), end: at, deadline: true }
    : { kind: 'timed', start: at, end: new Date(at.getTime() + span), deadline: false };
}
