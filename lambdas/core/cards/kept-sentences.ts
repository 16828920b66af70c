/**
 * Which sentences of a transcript hold a time to keep, and which of their times (issue 32): core/cards/
 * time-to-keep.ts reads them. A sentence is the engine's, joined again where it cut one in two ("departing
 * tonight at 8:15 pm. Has been cancelled, you have been rebooked ... tomorrow at 6 am" is one sentence).
 *
 * Not kept: a sentence in the past ("I called you yesterday at three"), one that only may happen ("if you have
 * questions, call before five"), a habit ("open 9 to 5, Monday through Friday"), "any weekday before four", a
 * cancelled or refused time with no new one ("we have to cancel your appointment on Friday at two"). Within a
 * sentence kept: in "moved your appointment from Monday at ten to Tuesday at three" the time after the "to";
 * in "cancelled, you have been rebooked on ... tomorrow at six" the times after "rebooked"; and no time that
 * something "was triggered at" or "were received at" (past and passive: "your sensor was triggered at 2:47").
 */
import type { Mention } from '#core/facts/time-mentions';
import { type Deadline, NO_DEADLINE } from './deadline-losses';

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
const HABIT_WORDS = new Set(['daily', 'weekdays', 'weekends', 'through', 'usually', 'always', 'hours']);
/** "every day at 8", "every Monday", "every other week": a habit ("letting everybody know" heard "every mod" is none). */
const EVERY_WHAT =
  /^(?:day|week|weekday|weekend|morning|afternoon|evening|night|month|year|hour|other|single|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?$/;
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
export const MOVE_WORDS = new Set([
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
/** A move still to be made ("we need to move your 10:15"): with no "to" or "for", its times are the old ones. */
const MOVE_INTENT = new Set(['move', 'change', 'push', 'postpone', 'reschedule']);
/** Words that tell how to reach the caller: "to reschedule, call us", "if you need to change it, press 2". */
const REACH_WORDS = new Set(['call', 'contact', 'press', 'text', 'visit', 'go', 'please', 'reply', 'dial']);
/** "To reschedule, call 866...": how to move it, if need be, not a time moved (issue 32, the seventh set). */
const howToMove = (own: readonly string[], at: number) =>
  own[at - 1] === 'to' && REACH_WORDS.has(own[at + 1] ?? '');

/** Words that give the new time after one taken back: "cancelled, you have been rebooked on ... at 6". */
const RENEWED_WORDS = new Set([
  'rebooked',
  'rebook',
  'rescheduled',
  'reschedule',
  'moved',
  'booked',
  'instead',
  'new',
]);
/** Words that end a passive in the past: "was triggered at", "were received at" (not "was moved to"). */
const SETTING_PARTICIPLES = new Set([
  'scheduled',
  'rescheduled',
  'booked',
  'rebooked',
  'planned',
  'confirmed',
  'reserved',
  'arranged',
  'expected',
  'supposed',
  'asked',
  'invited',
  'needed',
  'required',
  'set',
  'due',
  ...MOVE_WORDS,
]);
const IRREGULAR_PARTICIPLES = new Set([
  'seen',
  'left',
  'taken',
  'found',
  'broken',
  'stolen',
  'hit',
  'caught',
]);
/** Words after which what follows is to come again: "was triggered at 2, and we will call at 3". */
const TO_COME_WORDS = new Set([
  'will',
  'is',
  'are',
  'am',
  'can',
  'could',
  'please',
  'must',
  'need',
  'needs',
  'should',
  'would',
  'going',
  'gonna',
  'ready',
]);

/** A token that ends a sentence: "Friday.", "ten?" (not "p.m.", "Dr.", "St.", nor "p. m." written apart). */
const endsSentence = (token: string, next: string, previous: string) =>
  /[.?!]["')]*$/.test(token) &&
  !/^(?:a\.m|p\.m|dr|mr|mrs|ms|st)\.$/i.test(token) &&
  !(/^[ap]\.$/i.test(token) && /^m\b/i.test(next)) &&
  !(/^m\.$/i.test(token) && /^[ap]\.$/i.test(previous));

/** Words an engine starts a sentence with when it cut one in two: "... at 8:15. Has been cancelled". */
const GO_ON_WORDS = new Set(['has', 'have', 'had', 'was', 'were']);

/**
 * [start, end) of each sentence in the tokens (`words`: the same, bare). A piece that starts with "has",
 * "have", "had", "was" or "were" and asks nothing goes on the one before: the engine cut it.
 */
export function sentences(tokens: readonly string[], words: readonly string[]): [number, number][] {
  const found: [number, number][] = [];
  let start = 0;
  tokens.forEach((token, index) => {
    const ends = endsSentence(token, tokens[index + 1] ?? '', tokens[index - 1] ?? '');
    if (!ends && index !== tokens.length - 1) return;
    const last = found[found.length - 1];
    // "As been cancelled": "has" misheard; "been" first or second is a cut sentence's verb all the same.
    const goesOn =
      GO_ON_WORDS.has(words[start] ?? '') || words[start] === 'been' || words[start + 1] === 'been';
    if (last !== undefined && goesOn && !token.endsWith('?')) last[1] = index + 1;
    else found.push([start, index + 1]);
    start = index + 1;
  });
  return found;
}

/** What is got for a time to come: "we got a table at Lupita's Saturday at 7:30", "I got us tickets for Friday". */
const BOOKED_THINGS = new Set([
  'table',
  'reservation',
  'spot',
  'slot',
  'appointment',
  'tickets',
  'room',
  'booking',
]);
/** How many words after "got" the thing got is said ("got us two tickets"). */
const GOT_WHAT_WORDS = 4;

/**
 * "I've got an opening", "we have got a slot": "got" that is "have", no past; nor "we got a table ... Saturday at
 * 7:30": what was booked is for the time said.
 */
const hasGot = (words: readonly string[], at: number) =>
  words[at] === 'got' &&
  (/(?:'ve|^have|^has)$/.test(words[at - 1] ?? '') ||
    words.slice(at + 1, at + 1 + GOT_WHAT_WORDS).some((word) => BOOKED_THINGS.has(word)));

/** "get dropped", "will be delivered": a passive still to come, not the past. */
const passiveToCome = (words: readonly string[], at: number) =>
  ['get', 'gets', 'be'].includes(words[at - 1] ?? '');

/**
 * "she's leaving for church at eleven", "he's heading out at five": someone else's plans, no time for the
 * listener to keep (unlike "he'll wait till 10:30", a time to be there by).
 */
const THEIR_PLANS = /^(?:she's|he's|they're|she|he|they)$/;
/** Going away: "leaving", "heading out", "going out", "off to" ("she's going to be there at 3" is a visit). */
const goesAway = (words: readonly string[], at: number) =>
  words[at] === 'leaving' ||
  (['heading', 'going'].includes(words[at] ?? '') && ['out', 'off'].includes(words[at + 1] ?? '')) ||
  (words[at] === 'off' && words[at + 1] === 'to');
/** The listener in the sentence: "she's leaving at 11, so you need to come before" is for them. */
const YOU = new Set(['you', 'your', "you're", "you'll", 'yours']);
const theirPlan = (words: readonly string[]) =>
  !words.some((word) => YOU.has(word)) &&
  words.some(
    (_, at) =>
      goesAway(words, at) &&
      (THEIR_PLANS.test(words[at - 1] ?? '') ||
        (['is', 'are'].includes(words[at - 1] ?? '') && THEIR_PLANS.test(words[at - 2] ?? ''))),
  );

/** "Monday through Friday", "9 through 5": a span of days or hours, not "the discharge went through". */
const spansDays = (words: readonly string[], at: number) =>
  /\d|day$|^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)$/.test(
    words[at - 1] ?? '',
  );

/** Whether a sentence opens with "if" and "by" or "before" leads to its first time: a deadline said as one. */
const ifDeadline = (words: readonly string[], firstAt: number) =>
  (words[0] === 'if' || words[0] === 'unless') &&
  DEADLINE_LEADS.has(words[firstAt - 1] ?? '') &&
  !OPTIONAL_IF.test(words.slice(0, 4).join(' '));
/** A condition that makes the rest optional: "if you have questions, call me before five" is no deadline. */
const OPTIONAL_IF = /^if you (?:have|need|want|'d|would|get|can't|cannot|are unable|aren't able|wish)\b/;

/**
 * Whether a sentence's times are none to keep: past, a habit, only if, "any weekday", someone else's plans.
 * `firstAt`: where its first time, day or date is (-1: none). A past word with something to come between it
 * and that time is the past of another clause (issue 32, seventh set): "Your dad's discharge went through, and
 * we need someone to pick him up by 3 this afternoon". "If" opens a deadline when "by" or "before" leads to the
 * time: "If it isn't signed by five p.m. today, your classes will be dropped".
 */
function notToKeep(words: readonly string[], firstAt = -1): boolean {
  if ((words[0] === 'if' || words[0] === 'unless') && !ifDeadline(words, firstAt)) return true;
  if (theirPlan(words)) return true;
  // "I moved my office hours this week to Thursday at 3:45": hours moved are a time set, not a habit.
  const moved = words.some((word) => MOVE_WORDS.has(word));
  // Only what is to come, not a condition: "if you can pick up the 7pm shift" is asked, not set.
  const comes = (at: number) =>
    (TO_COME_WORDS.has(words[at] ?? '') || (words[at] ?? '').endsWith("'ll")) &&
    words[at - 1] !== 'if' &&
    !(words[at - 1] === 'you' && words[at - 2] === 'if');
  // The last word to come before the first time: a past word before it is another clause's past (one pass,
  // not a look ahead from every past word: a hostile run-on of 20,000 "went" stays linear).
  let lastComes = -1;
  for (let at = Math.min(firstAt, words.length) - 1; at >= 0 && lastComes < 0; at--)
    if (comes(at)) lastComes = at;
  const laterComes = (at: number) => firstAt > at && lastComes > at;
  return words.some(
    (word, at) =>
      (PAST_WORDS.has(word) && !hasGot(words, at) && !passiveToCome(words, at) && !laterComes(at)) ||
      (HABIT_WORDS.has(word) &&
        !(word === 'hours' && moved) &&
        !(word === 'through' && !spansDays(words, at))) ||
      (word === 'every' && EVERY_WHAT.test(words[at + 1] ?? '')) ||
      (word === 'last' && LAST_WHAT.has(words[at + 1] ?? '')) ||
      (word === 'any' && /^(?:week)?day|^time|^weekday/.test(words[at + 1] ?? '')),
  );
}

/** "triggered" after "was", "were" or "been": a passive in the past, unless it sets a time ("was moved"). */
const pastPassive = (words: readonly string[], at: number) => {
  const word = words[at] ?? '';
  if (!['was', 'were', 'been'].includes(words[at - 1] ?? '') || SETTING_PARTICIPLES.has(word)) return false;
  return /[a-z]ed$/.test(word) || IRREGULAR_PARTICIPLES.has(word);
};

/** For each word of the sentence, whether it is said of the past: after a past passive, until what is to come. */
function saidOfThePast(words: readonly string[]): boolean[] {
  let past = false;
  return words.map((word, at) => {
    if (TO_COME_WORDS.has(word) || word.endsWith("'ll") || SETTING_PARTICIPLES.has(word)) past = false;
    else if (pastPassive(words, at)) past = true;
    return past;
  });
}

/**
 * The time, day and date mentions of a sentence (`own`: its bare words, starting at `start` of the text) that
 * are to be kept, or null when none of them is: see the file's comment.
 */
export function keptMentions(
  own: readonly string[],
  start: number,
  sentenceMentions: readonly Mention[],
  deadline: Deadline = NO_DEADLINE,
): Mention[] | null {
  const firstAt = (sentenceMentions[0]?.start ?? start - 1) - start;
  if (notToKeep(own, firstAt)) return null;
  const mentions = beforeTheLoss(own, start, sentenceMentions, deadline);
  if (mentions === null) return null;
  // "Thursday at 2:30, if not, call me": "if not" offers another way, it takes nothing back (issue 32).
  // "If it isn't signed by 5 today": the condition's "not" takes no time back.
  const condition = ifDeadline(own, firstAt) ? firstAt : 0;
  const undone = own.findIndex(
    (word, at) => at >= condition && UNDONE_WORDS.has(word) && !(word === 'not' && own[at - 1] === 'if'),
  );
  const renewed = undone < 0 ? -1 : own.findIndex((word, at) => at > undone && RENEWED_WORDS.has(word));
  if (undone >= 0 && renewed < 0) return null;
  // Taken back, then a new time: only what follows the new one ("cancelled ... rebooked on ... at 6").
  const fresh = renewed < 0 ? mentions : mentions.filter((mention) => mention.start > start + renewed);
  const move = own.findIndex((word, at) => MOVE_WORDS.has(word) && !howToMove(own, at));
  const to = move < 0 ? -1 : own.findIndex((word, at) => at > move && (word === 'to' || word === 'for'));
  // "we need to move your 10:15": a time to be moved and no new one yet (the new one follows, or is asked for).
  if (move >= 0 && to < 0 && renewed < 0 && MOVE_INTENT.has(own[move] ?? '')) return null;
  const from = to < 0 ? start : start + to;
  const past = saidOfThePast(own);
  const dayless = !mentions.some((mention) => mention.kind !== 'time');
  // "if I don't have it by noon, you'll get a paper check next Friday instead": the day of what happens
  // otherwise is not the time's (issue 32, the eleventh set).
  const firstTime = fresh.find((mention) => mention.kind === 'time')?.start ?? Number.POSITIVE_INFINITY;
  const instead = own.lastIndexOf('instead');
  const otherwise = (mention: Mention) =>
    instead >= 0 && mention.kind === 'day' && mention.start > firstTime && mention.start < start + instead;
  return fresh.filter(
    (mention) =>
      !otherwise(mention) &&
      (mention.kind !== 'time' || mention.start > from || move < 0 || renewed >= 0) &&
      !(mention.kind === 'time' && past[mention.start - start]) &&
      !(mention.kind === 'time' && dayless && tellsTheClock(own, mention.start - start)),
  );
}

/** What is lost if the listener does nothing: "the unit goes to auction at 9", "the car will be towed at 5". */
const LOSS_WORDS = new Set([
  'auction',
  'auctioned',
  'towed',
  'disconnected',
  'dropped',
  'forfeited',
  'repossessed',
  'evicted',
  'shut',
  'terminated',
  'suspended',
  'expire',
  'expires',
]);
/** Words that make a time the last one to act by: "before we close at six", "pay by 5". */
const DEADLINE_LEADS = new Set(['before', 'by', 'until', 'till']);

/** Whether a time (at `at` of the text's bare `words`) is one to act by: "before 6", "before we close at 6". */
export const actBy = (words: readonly string[], at: number) =>
  DEADLINE_LEADS.has(words[at - 1] ?? '') ||
  (['about', 'around'].includes(words[at - 1] ?? '') && ['till', 'until'].includes(words[at - 2] ?? '')) ||
  (words[at - 1] === 'at' && /^clos(?:e|es|ing)$/.test(words[at - 2] ?? ''));

/**
 * "The unit goes to auction tomorrow at nine; pay before we close at six today": the time something is lost
 * is not the one to keep when a time to act by comes after it (`deadline.at`: the first such time's place in
 * the text, -1 when none is said): the mentions before it go, and a sentence it is not in keeps none. With no
 * time to act by ("your classes will be dropped at 5 pm today"), the loss's time is the one.
 */
function beforeTheLoss(
  own: readonly string[],
  start: number,
  mentions: readonly Mention[],
  { at: deadlineAt, losses }: Deadline,
): readonly Mention[] | null {
  // Or the thing the deadline's sentence keeps from happening: "To stop the sale, ... pay by five today".
  const loss = own.findIndex((word) => LOSS_WORDS.has(word) || losses.has(word));
  const firstTime = mentions.find((mention) => mention.kind === 'time');
  if (loss < 0 || firstTime === undefined || deadlineAt <= firstTime.start) return mentions;
  if (deadlineAt >= start + own.length) return null;
  const lost = mentions.filter((mention) => mention.kind === 'time' && mention.start < deadlineAt).pop();
  return lost === undefined ? mentions : mentions.filter((mention) => mention.start >= lost.end);
}

/**
 * "It's quarter to six and she's still here", "it is 4:30 now": the clock when the caller spoke, not a time
 * to keep (with no day in the sentence: "it's 3 tomorrow" is one).
 */
function tellsTheClock(own: readonly string[], at: number): boolean {
  const before = own.slice(Math.max(0, at - 2), at).join(' ');
  return /(?:^|\s)(?:it's|its|it is)$/.test(before);
}
