/**
 * The time a voice message asks the person to keep (issue 32, deliverable 4): an appointment, a slot offered,
 * a pickup, a deadline, a meeting, a time to call back. Found in the transcript's words, sentence by sentence:
 * the first sentence that sets a clock time for something still to come ("I can come out next Tuesday at 9 in
 * the morning", "please pick it up before six", "your cleaning on Monday at ten"), else the first that sets a
 * day for an appointment ("your appointment on Thursday": a whole day). Read as English only.
 *
 * Not a time to keep (core/cards/kept-sentences.ts): a sentence about the past ("I called you yesterday at
 * three", "your sensor was triggered at 2:47"), a cancelled or refused one with no new time ("we have to cancel
 * your appointment on Friday at two"), one that only may happen, "any weekday before four", and in "we moved
 * your appointment from Monday at ten to Tuesday at three" the time it was moved from; "cancelled, you have been
 * rebooked on ... tomorrow at six" keeps the new time. When several times are offered, the first is kept: the
 * page offers one event (docs/decisions/cards.md). A time said with no day takes a day said alone a few
 * sentences before it, and that sentence's part of the day ("over Saturday night ... Come by around seven").
 *
 * Every time, day and date kept must have been heard well: none among the doubtful word ranges the checks kept,
 * which the first text shows as "[unclear]" or "(?)" (an event never states a time the text doubts); "today at
 * 4:00 or 2:00(?)" is no event, since the time that was heard may be the wrong one; nor is a window whose start
 * was not heard ("between [unclear] and noon" is not at noon).
 */
import { findMentions, type Mention } from '#core/facts/fact-mentions';
import { bareWords } from '#core/facts/time-mentions';
import { type HeardToken, heardTokens, transcriptTokens } from '#core/transcripts/heard-transcript';
import { type HeardWord, isDoubtful, UNCLEAR_MARK } from '#core/transcripts/heard-words';
import { lossesNamed } from './deadline-losses';
import { type PartOfDay, partOfDay } from './event-time';
import { actBy, keptMentions, MOVE_WORDS, sentences } from './kept-sentences';
import { monthDayIn } from './month-days';
import { nextWithoutDay, partOfChoice } from './said-days';

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
  table: 'Reservation',
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

const TIME_KINDS = new Set(['time', 'day', 'date']);
const THIS_PARTS = new Set(['morning', 'afternoon', 'evening']);

/** Whether any word of the mention is in a doubtful range (`doubted`: one flag a word, from the ranges). */
const overlaps = (mention: Mention, doubted: readonly boolean[]) =>
  doubted.slice(mention.start, mention.end).some(Boolean);

/** The tokens [start, end), each run of doubted words as one "[unclear]", its punctuation kept. */
function saidWithDoubts(
  tokens: readonly string[],
  start: number,
  end: number,
  doubted: readonly boolean[],
): string {
  const shown: string[] = [];
  for (let at = start; at < end; at++) {
    const token = tokens[at] ?? '';
    if (!doubted[at]) {
      shown.push(token);
      continue;
    }
    // What ends the words goes on after the mark, but not the full stop of "p.m." (as the text has it).
    const trailing = /[^\p{L}\p{N}]*$/u.exec(token.replace(/(?<=\b[ap]\.m)\.$/i, ''))?.[0] ?? '';
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

function titleOf(said: readonly string[]): string {
  // "Thursday at 2:30, if not, call me": what follows "if not" is the other way, not what the time is for.
  const otherWay = said.findIndex((word, at) => word === 'not' && said[at - 1] === 'if');
  const words = otherWay > 0 ? said.slice(0, otherWay - 1) : said;
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

/** A day said in a sentence without a time ("over Saturday night for his birthday"), for a time said after it. */
type DaySaid = {
  readonly mention: Mention;
  readonly part: PartOfDay | null;
  readonly said: string;
  /** The sentence's place among the transcript's sentences. */
  readonly sentence: number;
  readonly doubtful: boolean;
};
/** A day said as the one replaced: "instead of Thursday", "rather than Friday". */
function givenUp(words: readonly string[], mention: Mention): boolean {
  const before = words.slice(Math.max(0, mention.start - 2), mention.start).join(' ');
  return before === 'instead of' || before.endsWith('rather than');
}

/** A day a place is closed ("we are closed tomorrow", "closed on Monday"): no day anything is kept on. */
const closedOn = (words: readonly string[], mention: Mention) =>
  words[mention.start - 1] === 'closed' ||
  (words[mention.start - 1] === 'on' && words[mention.start - 2] === 'closed');

/** How many sentences on a day said alone is still the day of a time said with none. */
const DAY_CARRIES_SENTENCES = 3;
/** Words that join the end of a window to its start: "between 8 and noon", "8 - noon", "from 8 to noon". */
const WINDOW_LINKS = new Set(['and', '-']);

/**
 * Whether the first time kept ends a window whose start was not heard: "between [misheard] and noon" is
 * from a time nobody knows, not at noon ("delivery tomorrow but we need to hm and noon").
 */
function windowStartUnheard(
  words: readonly string[],
  first: Mention,
  start: number,
  kept: readonly Mention[],
) {
  const link = words[first.start - 1] ?? '';
  const startHeard = kept.some((mention) => mention.kind === 'time' && mention.end === first.start - 1);
  if (startHeard) return false;
  if (WINDOW_LINKS.has(link)) return true;
  if (link !== 'to') return false;
  const opener = words
    .slice(start, first.start - 1)
    .findLastIndex((word) => word === 'between' || word === 'from');
  return opener >= 0;
}

/** How many words stand between two spans of the transcript (0 when they touch). */
const distance = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.end <= b.start ? b.start - a.end : Math.max(0, a.start - b.end);

/** Whether the engine heard any word in [start, end) doubtfully (never, when it gave no confidence). */
const heardDoubtfully = (heard: readonly HeardToken[], start: number, end: number) =>
  heard
    .slice(start, end)
    .some(({ text, confidence }) => confidence !== null && isDoubtful({ text, confidence, at: null }));

/** Words that lead a time in: "at", "by", "to" 9:01; passed over to reach where its day would be said. */
const LEADS = new Set('at by before until till to around about from between on'.split(' '));
/** How many words before a time's leading words stand where its day would be said ("Saturday the 9th at"). */
const DAY_WORDS_BEFORE = 2;

/**
 * Whether the words just before a time said with no day (`time`: its first word; `start`: its sentence's),
 * past the words that lead it in, were heard doubtfully: where a day may have been said and misheard ("set
 * for [Saturday the 9th] to 9:01" heard as "or d the nine. Order to 9:01"), so the time is not today's; or
 * hold "next" with no day after it ("next to Z between 10 and 2": core/cards/said-days.ts).
 */
function dayMisheard(words: readonly string[], heard: readonly HeardToken[], start: number, time: number) {
  let at = time;
  while (at > start && LEADS.has(words[at - 1] ?? '')) at--;
  return (
    heardDoubtfully(heard, Math.max(start, at - DAY_WORDS_BEFORE), at) || nextWithoutDay(words, start, at)
  );
}

/**
 * The time to keep in `transcript`, given the doubtful word ranges the checks kept (`unsure`: [start, end) of
 * the transcript's whitespace-split words, the same the first text marks "[unclear]" or "(?)"; a time in them
 * is never stated in a calendar) and the engine's words with their confidence, when it gave them.
 */
export function findTimeToKeep(
  transcript: string,
  unsure: readonly (readonly [number, number])[],
  heardWords: readonly HeardWord[] | null = null,
): TimeFound {
  const heard = heardTokens({ text: transcript, words: heardWords === null ? null : [...heardWords] });
  // "to-morrow", "to-day", "to-night": the engine's old spelling of the day.
  const tokens = transcriptTokens(transcript).map((token) =>
    token.replace(/^(to)-(morrow|day|night)/i, '$1$2'),
  );
  const words = bareWords(tokens);
  const mentions = findMentions(tokens)
    .filter((mention) => TIME_KINDS.has(mention.kind))
    .sort((a, b) => a.start - b.start);
  let day: TimeFound = { kind: 'none' };
  let daySaid: DaySaid | null = null;
  // The first sentence with a time the text shows "[unclear]": with no time to keep, the reason says so.
  let unheard: string | null = null;
  const doubted = doubtedWords(unsure, tokens.length);
  const isDoubtful = (mention: Mention) => mention.problem !== null || overlaps(mention, doubted);
  // The mentions are in order: one pass hands each sentence its own (a hostile transcript of 20,000 "9." is
  // 20,000 sentences, and a filter of every mention for each would be quadratic).
  let next = 0;
  const deadlineAt =
    mentions.find((mention) => mention.kind === 'time' && actBy(words, mention.start))?.start ?? -1;
  const spans = sentences(tokens, words);
  const [from, to] = spans.find(([first, after]) => deadlineAt >= first && deadlineAt < after) ?? [0, 0];
  const deadline = { at: deadlineAt, losses: lossesNamed(words, from, to) };
  for (const [sentence, [start, end]] of spans.entries()) {
    while (next < mentions.length && (mentions[next]?.start ?? 0) < start) next++;
    const inSentence: Mention[] = [];
    for (let at = next; at < mentions.length && (mentions[at]?.start ?? end) < end; at++) {
      const mention = mentions[at]!;
      if (mention.end <= end) inSentence.push(mention);
    }
    if (inSentence.length === 0) continue;
    const own = words.slice(start, end);
    // The sentence as heard, what the checks doubted shown "[unclear]" as in the text (it goes in the event
    // and on the page: a doubtful name or number is not stated there either).
    const said = saidWithDoubts(tokens, start, end, doubted);
    if (unheard === null && inSentence.some((m) => m.kind === 'time' && overlaps(m, doubted))) unheard = said;
    const times = keptMentions(own, start, inSentence, deadline);
    if (times === null) {
      // "We are open Monday through Friday": no day for a time said after it.
      if (inSentence.some((mention) => mention.kind !== 'time')) daySaid = null;
      continue;
    }
    const part = partOfDay(own);
    const monthDay = monthDayIn(words, start, end, inSentence, heard);
    const timed = times.some((mention) => mention.kind === 'time');
    // "December 5 at 3 pm": the day is the month's; "next week at 3", "12/5 at 3": no day can be placed.
    if (monthDay === 'unreadable') {
      if (timed) return { kind: 'undated', said };
      continue;
    }
    const month = monthDay?.month ?? null;
    let kept = (
      monthDay === null
        ? times
        : [...times.filter((m) => m.kind !== 'date'), monthDay.date].sort((a, b) => a.start - b.start)
    ).filter((mention) => mention.kind !== 'day' || !closedOn(words, mention));
    // One doubtful time, day or date kept in the sentence and nothing from it goes in a calendar.
    const doubtful = kept.some(isDoubtful);
    if (timed) {
      const first = kept.find((mention) => mention.kind === 'time')!;
      if (doubtful || windowStartUnheard(words, first, start, kept)) return { kind: 'unclear', said };
      const thisAt = own.findIndex((word, at) => word === 'this' && THIS_PARTS.has(own[at + 1] ?? ''));
      const today = thisAt >= 0;
      // "Since you travel tomorrow, please come this afternoon, before 3": the day said nearest the time.
      if (today) {
        const away = distance({ start: start + thisAt, end: start + thisAt + 2 }, first);
        kept = kept.filter((mention) => mention.kind !== 'day' || distance(mention, first) < away);
      }
      const dayless = kept.every((mention) => mention.kind === 'time');
      // "Order(?) to 9:01": where the day would be said, the words were misheard; the time is no one's day. And
      // "at 4 or [misheard] at noon": slots offered with no day, beside a misheard one, may be misheard too.
      const lastTime = inSentence.filter((mention) => mention.kind === 'time').pop() ?? first;
      const misheard =
        dayMisheard(words, heard, start, first.start) || heardDoubtfully(heard, first.start, lastTime.end);
      if (dayless && !today && misheard) return { kind: 'unclear', said };
      // "Having a few people over Saturday night. ... Come by around seven": the day said before, and its part.
      const carried =
        !today && dayless && daySaid !== null && sentence - daySaid.sentence <= DAY_CARRIES_SENTENCES
          ? daySaid
          : null;
      if (carried?.doubtful) return { kind: 'unclear', said: `${carried.said} … ${said}` };
      const keep = {
        words,
        mentions: carried === null ? kept : [carried.mention, ...kept],
        title: titleOf(own),
        said: carried === null ? said : `${carried.said} … ${said}`,
        dayOnly: false,
        part: partOfChoice(words, start, end, first.start) ?? carried?.part ?? null,
        today,
        month,
      };
      return { kind: 'found', keep };
    }
    // "up to today instead of Thursday": the day given up is not the day a later time is said on; "since you
    // travel tomorrow, please come this afternoon. Before 3": "this afternoon" is the day carried.
    const thisPart = own.findIndex((word, at) => word === 'this' && THIS_PARTS.has(own[at + 1] ?? ''));
    const named =
      thisPart >= 0
        ? ({
            kind: 'day',
            start: start + thisPart,
            end: start + thisPart + 2,
            value: 'today',
            problem: null,
          } as const)
        : kept.filter((mention) => mention.kind === 'day' && !givenUp(words, mention)).pop();
    if (named !== undefined) daySaid = { mention: named, part, said, sentence, doubtful };
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
  // "students get dropped at [unclear] today": a time was said, and not heard well enough to read.
  return day.kind === 'none' && unheard !== null ? { kind: 'unclear', said: unheard } : day;
}

/** Why a message has no event, as the page says it below "Save it" and a request for the event file answers. */
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
  disagree: (said: string) =>
    `No calendar event: the weekday and the date in "${said}" are not the same day; listen to the recording.`,
} as const;
