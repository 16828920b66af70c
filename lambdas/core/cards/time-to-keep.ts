/**
 * The time a voice message asks the person to keep (issue 32, deliverable 4): an appointment, a slot offered,
 * a pickup, a deadline, a meeting, a time to call back. Found in the transcript's words, sentence by sentence:
 * the first sentence that sets a clock time for something still to come ("I can come out next Tuesday at 9 in
 * the morning", "please pick it up before six", "your cleaning on Monday at ten"), else the first that sets a
 * day for an appointment ("your appointment on Thursday": a whole day). Read as English only.
 *
 * Not a time to keep: a sentence about the past ("I called you yesterday at three"), a cancelled or refused
 * one ("we have to cancel your appointment on Friday at two", "I can't come until Monday"), one that only may
 * happen ("if you have questions, call before five"), "any weekday before four", and in "we moved your
 * appointment from Monday at ten to Tuesday at three" the time it was moved from. When several times are
 * offered, the first is kept: the page offers one event (docs/decisions/cards.md).
 *
 * Every time, day and date of the sentence must have been heard well (none among the doubtful word ranges the
 * checks kept): "today at 4:00 or 2:00(?)" is no event, since the time that was heard may be the wrong one.
 */
import { findMentions, type Mention } from '#core/facts/fact-mentions';
import { bareWords } from '#core/facts/time-mentions';
import { type HeardToken, heardTokens, transcriptTokens } from '#core/transcripts/heard-transcript';
import { type HeardWord, isDoubtful, UNCLEAR_MARK } from '#core/transcripts/heard-words';
import { ordinarilyAfternoon, type PartOfDay, partOfDay } from './event-time';
import { monthDayIn } from './month-days';

/** A time to keep: the sentence's words (bare), its time mentions, the event's title and the sentence as said. */
export type TimeToKeep = {
  readonly words: readonly string[];
  readonly mentions: readonly Mention[];
  /** "Appointment", "Dentist appointment", "Call back", "Pick up", "Reminder". */
  readonly title: string;
  /** The sentence as the transcript has it. */
  readonly said: string;
  /** Whether it is a whole day ("your appointment on Thursday"). */
  readonly dayOnly: boolean;
  /** The part of the day the sentence puts its time in ("tomorrow morning at nine"), or null. */
  readonly part: PartOfDay | null;
  /** Whether the sentence says "this morning", "this afternoon" or "this evening": the day of arrival. */
  readonly today: boolean;
  /** The month said with the date ("December 5th"), 1-12, or null. */
  readonly month: number | null;
};

/**
 * What was found: a time to keep, one whose words were not heard well enough (the sentence), one whose day
 * cannot be placed ("next week at 3"), or none.
 */
export type TimeFound =
  | { readonly kind: 'found'; readonly keep: TimeToKeep }
  | { readonly kind: 'unclear'; readonly said: string }
  | { readonly kind: 'undated'; readonly said: string }
  | { readonly kind: 'none' };

/** Words that name what the time is for, and the event's title for each. */
const TITLES: Readonly<Record<string, string>> = {
  appointment: 'Appointment',
  appt: 'Appointment',
  consultation: 'Appointment',
  visit: 'Appointment',
  checkup: 'Appointment',
  exam: 'Appointment',
  delivery: 'Delivery',
  cleaning: 'Appointment',
  session: 'Appointment',
  meeting: 'Meeting',
  interview: 'Interview',
  reservation: 'Reservation',
  showing: 'Viewing',
  viewing: 'Viewing',
  lunch: 'Lunch',
  dinner: 'Dinner',
  flight: 'Flight',
  haircut: 'Appointment',
  deadline: 'Deadline',
  due: 'Deadline',
};
/** Words that make an appointment of a day said without a time ("your appointment on Thursday"). */
const DAY_TITLES = new Set([
  'appointment',
  'appt',
  'consultation',
  'visit',
  'meeting',
  'interview',
  'reservation',
  'deadline',
  'due',
]);
/** A kind of appointment said just before the word: "dentist appointment". */
const APPOINTMENT_KINDS = new Set([
  'dentist',
  'dental',
  'doctor',
  "doctor's",
  'eye',
  'vet',
  'hair',
  'school',
]);
const CALL_WORDS = new Set(['call', 'ring', 'text', 'reach', 'callback']);
const PICKUP_WORDS = new Set(['pick', 'pickup', 'collect', 'ready']);

/** Words that put a sentence in the past ("last" only with what it qualifies). */
const PAST_WORDS = new Set([
  'yesterday',
  'ago',
  'earlier',
  'called',
  'tried',
  'missed',
  'came',
  'went',
  'stopped',
  'dropped',
  'got',
  'received',
  'spoke',
  'talked',
  'sent',
  'delivered',
  'happened',
  'finished',
  'arrived',
]);
/** Words of a habit, not a time set: opening hours ("open 9 to 5, Monday through Friday", "every day at 8"). */
const HABIT_WORDS = new Set([
  'every',
  'daily',
  'weekdays',
  'weekends',
  'through',
  'usually',
  'always',
  'hours',
]);
const LAST_WHAT = new Set(['night', 'week', 'month', 'year', 'time', 'weekend', 'monday', 'tuesday']);
/** Words that take a time back: cancelled, refused, not happening. */
const UNDONE_WORDS = new Set([
  'cancel',
  'cancelled',
  'canceled',
  'cancelling',
  'canceling',
  'not',
  "can't",
  'cannot',
  "won't",
  "don't",
  "didn't",
  "isn't",
  "wasn't",
  "couldn't",
  'unable',
]);
/** Words that move a time: the times said before the "to" that follows are the old ones. */
const MOVE_WORDS = new Set([
  'move',
  'moved',
  'moving',
  'reschedule',
  'rescheduled',
  'change',
  'changed',
  'push',
  'pushed',
  'postpone',
  'postponed',
]);
const TIME_KINDS = new Set(['time', 'day', 'date']);
const THIS_PARTS = new Set(['morning', 'afternoon', 'evening']);

/** Whether any word of the mention is in a doubtful range (`doubted`: one flag a word, from the ranges). */
const overlaps = (mention: Mention, doubted: readonly boolean[]) =>
  doubted.slice(mention.start, mention.end).some(Boolean);

/** The tokens [start, end), each run of doubted words (not `forgiven`) as one "[unclear]", its punctuation kept. */
function saidWithDoubts(
  tokens: readonly string[],
  start: number,
  end: number,
  doubted: readonly boolean[],
  forgiven: readonly Mention[],
): string {
  const shown: string[] = [];
  for (let at = start; at < end; at++) {
    const token = tokens[at] ?? '';
    const doubt = doubted[at] && !forgiven.some((mention) => at >= mention.start && at < mention.end);
    if (!doubt) {
      shown.push(token);
      continue;
    }
    const trailing = /[^\p{L}\p{N}]*$/u.exec(token)?.[0] ?? '';
    const last = shown.length - 1;
    // One mark for a run: "at [unclear] [unclear]" reads as one doubt.
    if (at > start && doubted[at - 1] && shown[last]?.startsWith(UNCLEAR_MARK))
      shown[last] = UNCLEAR_MARK + trailing;
    else shown.push(UNCLEAR_MARK + trailing);
  }
  return shown.join(' ');
}

/** The ranges as one flag a word: a hostile transcript's thousands of ranges are read once. */
function doubtedWords(ranges: readonly (readonly [number, number])[], length: number): boolean[] {
  const doubted = new Array<boolean>(length).fill(false);
  for (const [start, end] of ranges) {
    for (let at = Math.max(0, start); at < Math.min(end, length); at++) doubted[at] = true;
  }
  return doubted;
}

/** A token that ends a sentence: "Friday.", "ten?" (not "p.m.", "Dr.", "St."). */
const endsSentence = (token: string) =>
  /[.?!]["')]*$/.test(token) && !/^(?:a\.m|p\.m|dr|mr|mrs|ms|st)\.$/i.test(token);

/** [start, end) of each sentence in the tokens. */
function sentences(tokens: readonly string[]): [number, number][] {
  const found: [number, number][] = [];
  let start = 0;
  tokens.forEach((token, index) => {
    if (endsSentence(token) || index === tokens.length - 1) {
      found.push([start, index + 1]);
      start = index + 1;
    }
  });
  return found;
}

/** Whether a sentence's times are not to be kept: past, undone, a habit, only if, "any weekday". */
function notToKeep(words: readonly string[]): boolean {
  if (words[0] === 'if' || words[0] === 'unless') return true;
  return words.some(
    (word, at) =>
      PAST_WORDS.has(word) ||
      UNDONE_WORDS.has(word) ||
      HABIT_WORDS.has(word) ||
      (word === 'last' && LAST_WHAT.has(words[at + 1] ?? '')) ||
      (word === 'any' && /^(?:week)?day|^time|^weekday/.test(words[at + 1] ?? '')),
  );
}

function titleOf(words: readonly string[]): string {
  const at = words.findIndex((word) => TITLES[word] !== undefined);
  if (at >= 0) {
    const title = TITLES[words[at] ?? ''] ?? 'Appointment';
    const kind = words[at - 1] ?? '';
    if (title === 'Appointment' && APPOINTMENT_KINDS.has(kind)) {
      return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} appointment`;
    }
    return title;
  }
  if (words.some((word) => CALL_WORDS.has(word))) return 'Call back';
  if (words.some((word) => PICKUP_WORDS.has(word))) return 'Pick up';
  return 'Reminder';
}

/** The times of a sentence that are to be kept: in "moved ... to Tuesday at three", those after the "to". */
function keptTimes(words: readonly string[], start: number, mentions: readonly Mention[]): Mention[] {
  const move = words.findIndex((word) => MOVE_WORDS.has(word));
  const to = move < 0 ? -1 : words.findIndex((word, at) => at > move && (word === 'to' || word === 'for'));
  const from = to < 0 ? start : start + to;
  return mentions.filter((mention) => mention.kind !== 'time' || mention.start > from || move < 0);
}

const SAID_MERIDIEM = /^(?:a\.?m|p\.?m)$/;

/**
 * Whether a time the checks doubted was doubted for its "am" or "pm" only, and that reading is the ordinary
 * one: "6 p.m." with "6" heard at 1.00 and "p.m." at 0.44 is six in the evening, as "6" alone would be read.
 * The engine writes "am" and "pm" as several pieces and is seldom sure of them (measured: 0.25-0.44 where
 * they were right); the hour decides. Where the two disagree ("11:30pm" for a haircut, "6:45 am" for a flight)
 * the time stays doubtful.
 */
function onlyItsMeridiemDoubted(
  mention: Mention,
  heard: readonly HeardToken[],
  words: readonly string[],
  part: PartOfDay | null,
): boolean {
  const last = mention.end - 1;
  const said = words[last] ?? '';
  if (mention.kind !== 'time' || last <= mention.start || !SAID_MERIDIEM.test(said)) return false;
  const sure = heard.slice(mention.start, last).every((token) => {
    const { confidence } = token;
    return confidence !== null && !isDoubtful({ text: token.text, confidence, at: null });
  });
  const twelve = Number(mention.value.split(':')[0]);
  return sure && said.startsWith('p') === ordinarilyAfternoon(twelve, part);
}

/**
 * The time to keep in `transcript`, given the doubtful word ranges the checks kept (`unsure`: [start, end) of
 * the transcript's whitespace-split words) and the engine's words with their confidence, when it gave them.
 */
export function findTimeToKeep(
  transcript: string,
  unsure: readonly (readonly [number, number])[],
  heardWords: readonly HeardWord[] | null = null,
): TimeFound {
  const heard = heardTokens({ text: transcript, words: heardWords === null ? null : [...heardWords] });
  const tokens = transcriptTokens(transcript);
  const words = bareWords(tokens);
  const mentions = findMentions(tokens)
    .filter((mention) => TIME_KINDS.has(mention.kind))
    .sort((a, b) => a.start - b.start);
  let day: TimeFound = { kind: 'none' };
  const doubted = doubtedWords(unsure, tokens.length);
  // The mentions are in order: one pass hands each sentence its own (a hostile transcript of 20,000 "9." is
  // 20,000 sentences, and a filter of every mention for each would be quadratic).
  let next = 0;
  for (const [start, end] of sentences(tokens)) {
    while (next < mentions.length && (mentions[next]?.start ?? 0) < start) next++;
    const inSentence: Mention[] = [];
    for (let at = next; at < mentions.length && (mentions[at]?.start ?? end) < end; at++) {
      const mention = mentions[at]!;
      if (mention.end <= end) inSentence.push(mention);
    }
    if (inSentence.length === 0) continue;
    const own = words.slice(start, end);
    if (notToKeep(own)) continue;
    const part = partOfDay(own);
    // A fact doubted for its "am" or "pm" alone, whose hour the ordinary reading agrees with, is heard well.
    const forgiven = inSentence.filter(
      (mention) => overlaps(mention, doubted) && onlyItsMeridiemDoubted(mention, heard, words, part),
    );
    // The sentence as heard, what the checks doubted shown "[unclear]" as in the text (it goes in the event
    // and on the page: a doubtful name or number is not stated there either).
    const said = saidWithDoubts(tokens, start, end, doubted, forgiven);
    const monthDay = monthDayIn(words, start, end, inSentence, heard);
    const times = keptTimes(own, start, inSentence);
    const timed = times.some((mention) => mention.kind === 'time');
    // "December 5 at 3 pm": the day is the month's; "next week at 3", "12/5 at 3": no day can be placed.
    if (monthDay === 'unreadable') {
      if (timed) return { kind: 'undated', said };
      continue;
    }
    const month = monthDay?.month ?? null;
    const kept =
      monthDay === null
        ? times
        : [...times.filter((m) => m.kind !== 'date'), monthDay.date].sort((a, b) => a.start - b.start);
    const doubtful = inSentence.some(
      (mention) => mention.problem !== null || (overlaps(mention, doubted) && !forgiven.includes(mention)),
    );
    if (timed) {
      // One doubtful time, day or date in the sentence and nothing from it goes in a calendar.
      if (doubtful) return { kind: 'unclear', said };
      const today = own.some((word, at) => word === 'this' && THIS_PARTS.has(own[at + 1] ?? ''));
      const keep = { words, mentions: kept, title: titleOf(own), said, dayOnly: false, part, today, month };
      return { kind: 'found', keep };
    }
    // "Your appointment on Thursday": a whole day, unless a sentence further on sets a time.
    const moved = own.some((word) => MOVE_WORDS.has(word));
    if (day.kind === 'none' && !moved && own.some((word) => DAY_TITLES.has(word))) {
      day = doubtful
        ? { kind: 'unclear', said }
        : {
            kind: 'found',
            keep: {
              words,
              mentions: kept,
              title: titleOf(own),
              said,
              dayOnly: true,
              part: null,
              today: false,
              month,
            },
          };
    }
  }
  return day;
}

/**
 * Why a message has no event, as the message page says it (each true of the message it is said of): the
 * reason the page gives below "Save it", and the answer to a request for the event file.
 */
export const NO_EVENT = {
  spam: 'No calendar event: this message looks like spam.',
  unchecked: 'No calendar event: this message was summarized before times were checked.',
  untranscribed: 'No calendar event: this message has no transcript to read a time from.',
  language: 'No calendar event: days and times are read in English messages only.',
  none: 'No calendar event: no day and time to keep were said.',
  unclear: (said: string) =>
    `No calendar event: the day or time in "${said}" was not heard clearly enough; listen to the recording.`,
  passed: (said: string) => `No calendar event: the time in "${said}" had passed when the message arrived.`,
  noDay: (said: string) => `No calendar event: the day in "${said}" could not be placed on the calendar.`,
} as const;
