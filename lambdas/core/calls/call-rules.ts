/**
 * The rules of a forwarded call (issue 33) that are not TwiML: what counts as a message or a missed call, how
 * minutes are billed, and the counters behind the per-subscriber limits, the one missed-call text a caller a
 * day, and each number's minutes a month (the operator's list of numbers reads `callMinutesKey`).
 */

import { DAY_MS, dayWindow } from '#core/delivery/day-window';
import type { Call } from './call';
import { callMinutesKey, monthOf } from './call-minutes';

/** A recording shorter than this is no message (a hang-up at the beep, a breath): a missed call. */
export const MIN_MESSAGE_SECONDS = 2;

/** Twilio's call statuses that end a call (the status callback's `CallStatus`). */
export const ENDED_CALL_STATUSES = ['completed', 'busy', 'no-answer', 'canceled', 'failed'] as const;
export type EndedCallStatus = (typeof ENDED_CALL_STATUSES)[number];

/** Whether a recording of `seconds` is a message (long enough to hold words). */
export const isMessageLength = (seconds: number | null | undefined): boolean =>
  (seconds ?? 0) >= MIN_MESSAGE_SECONDS;

/** A call that ended with no message made and under 2 s recorded (or nothing): a missed call. */
export const isMissedCall = (call: Pick<Call, 'message_id' | 'recorded_seconds'>): boolean =>
  call.message_id === null && !isMessageLength(call.recorded_seconds);

/** Minutes as Twilio bills a call: each call rounded up to a whole minute (0 s: none). */
export const billedMinutes = (durationSeconds: number): number =>
  durationSeconds <= 0 ? 0 : Math.ceil(durationSeconds / 60);

/** A counter key and when it may expire. */
export type CounterWindow = { readonly key: string; readonly expires: string };

/** The subscriber's calls taken today (Settings `calls_per_subscriber_per_day`). */
export function callsTodayCounter(subscriber: string, now: string): CounterWindow {
  const { day, expires } = dayWindow(now);
  return { key: `calls#${subscriber}#${day}`, expires };
}

/** The subscriber's call minutes today (Settings `call_minutes_per_subscriber_per_day`). */
export function callMinutesTodayCounter(subscriber: string, now: string): CounterWindow {
  const { day, expires } = dayWindow(now);
  return { key: `call-minutes-day#${subscriber}#${day}`, expires };
}

/**
 * The one key that remembers which callers a subscriber was texted a missed call from: the subscriber alone
 * names it, so DELETE erases it without knowing who called or on which days (the callers are a set inside it,
 * `Counters.takeOnce`; a caller's number in the key would stay until its TTL, which DynamoDB applies days
 * late and dynalite never).
 */
export const missedCallTextsKey = (subscriber: string): string => `${MISSED_CALL_TEXTS_PREFIX}${subscriber}`;

/** What every `missedCallTextsKey` starts with: the one kind of counter DELETE's function may delete. */
export const MISSED_CALL_TEXTS_PREFIX = 'missed-text#';

/** The one missed-call text a caller (or all private numbers together) may cause a subscriber a day. */
export type MissedCallTextOnce = CounterWindow & { readonly caller: string; readonly day: string };

/**
 * Where the one missed-call text a caller may cause a subscriber today is counted: the caller (`private` for
 * every withheld one) in the subscriber's set for the UTC day, which may expire as the day ends (a later
 * day's first missed call replaces the set, so it never holds more than a day's callers).
 */
export function missedCallTextOnce(
  subscriber: string,
  caller: string | null,
  now: string,
): MissedCallTextOnce {
  const { day } = dayWindow(now);
  const expires = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();
  return { key: missedCallTextsKey(subscriber), caller: caller ?? 'private', day, expires };
}

/** The month counter of `number` for the time `now`, with its expiry (a year after the month ends). */
export function callMinutesMonthCounter(number: string, now: string): CounterWindow {
  const month = monthOf(now);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const nextMonth = Date.UTC(year, monthNumber, 1);
  return { key: callMinutesKey(number, month), expires: new Date(nextMonth + 366 * DAY_MS).toISOString() };
}

/**
 * The longest a recording may be now: Settings' longest recording, cut to what is left of the subscriber's
 * minutes today (whole minutes; at least a minute when any is left).
 */
export function recordingAllowance(maxSeconds: number, minutesPerDay: number, minutesUsed: number): number {
  const left = Math.max(0, minutesPerDay - minutesUsed);
  return Math.min(maxSeconds, left * 60);
}
