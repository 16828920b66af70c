/**
 * What a voicemail of the "heard" benchmark holds (issue 32): everything a person who acts on the text without
 * listening needs from it, written down by the voicemail's author (not derived from the service's rules), so
 * that `npm run bench -- heard` can score the first text, the message page's files and the urgency against it.
 *
 * Scripts are what the caller says, as a text-to-speech voice should say it: numbers in words ("three one two,
 * five five five, oh one four seven"; "eight fifty"; "four hundred twelve dollars"), since the voices read
 * digits one by one.
 */
import type { Weekday } from './fact-truth';

export type { Weekday } from './fact-truth';

/** A day or time the caller gave; every part given must be in the first text for it to count as right. */
export type HeardTime = {
  readonly day?: Weekday;
  /** 1-12 as said (a.m. or p.m. is not checked here; the event's `hour24` is); noon is 12. */
  readonly hour?: number;
  readonly minute?: number;
  /** The day of the month ("the twenty third"). */
  readonly date?: number;
  readonly relative?: 'today' | 'tonight' | 'tomorrow';
};

/** What kind of time the person has to keep. */
export type EventKind = 'appointment' | 'slot offered' | 'pickup' | 'deadline' | 'meeting';

/**
 * The one time the person has to keep (the first, when several are offered), as a person would put it in a
 * calendar: the day as said (a weekday means the next such day after the voicemail arrives; today or tomorrow
 * count from its arrival), the hour on a 24-hour clock as anyone would read it ("Monday at ten" at a dentist is
 * 10; "pick up before six" is 18), in the time zone of the person who got the voicemail.
 */
export type HeardEvent = {
  readonly kind: EventKind;
  readonly day: Weekday | 'today' | 'tomorrow';
  readonly hour24: number;
  readonly minute: number;
};

export type HeardVoicemail = {
  readonly id: string;
  readonly script: string;
  /** The caller's own name as the text should show it (first name, or first and last as said); null if none. */
  readonly name: string | null;
  /** Other spellings of the same name that sound the same ("Sophia" for "Sofia"): right too. */
  readonly nameSpelledAlso?: readonly string[];
  /** The business or organisation calling, as said ("Lakeside Dental", "the leasing office"); null if none. */
  readonly business: string | null;
  /** The number to call back, 10 digits, as said in the voicemail; null when none is said. */
  readonly number: string | null;
  /** Dollar amounts said, whole dollars. */
  readonly amounts: readonly number[];
  /** Every day and time said. */
  readonly times: readonly HeardTime[];
  /** The time to keep, if there is one; null when there is nothing to put in a calendar. */
  readonly event: HeardEvent | null;
  /** Would the person want to act within hours (health, safety, money at risk, a deadline today, a child)? */
  readonly urgent: boolean;
  /** A robocall, scam or unsolicited sales pitch. */
  readonly spam: boolean;
  /**
   * Two to four words (lower case, each a single word as the caller says it) without which the text would miss
   * the point: why it matters and what is asked ("fever", "pick", "cancel", "leak"). A text carries the point
   * when it contains every one of them.
   */
  readonly mustSay: readonly string[];
};
