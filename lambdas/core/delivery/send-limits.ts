/**
 * What texts may cost (issue 23), in SMS segments, what the provider bills. The outbound gate counts every
 * text's segments per number per hour and per day, and for the whole service per day (its budget); FULL and
 * UPLOAD have a daily count of their own per number. The settings, their defaults and the counters' keys.
 *
 * Defaults (docs/operations.md, "What one number can cost"): the worst day one number can cause is 80
 * segments, $0.90 at Twilio's US price with carrier fees ($0.0113); the service's budget, 1,000 segments a
 * day, is T-Mobile's daily cap for a sole-proprietor 10DLC brand (about $11 a day).
 */
import * as z from 'zod';
import { dayWindow } from './day-window';

export const SEGMENT_LIMIT_DEFAULTS = {
  /** Segments one number may get in a UTC hour, every kind of text counted. */
  segments_per_number_per_hour: 40,
  /** Segments one number may get in a UTC day. */
  segments_per_number_per_day: 80,
  /** The service's budget: segments to all numbers together in a UTC day; past it only STOP and HELP answers go out. */
  service_segments_per_day: 1000,
  /** Answers to FULL (the latest transcript) per number per UTC day. */
  full_per_number_per_day: 3,
  /** UPLOAD links per number per UTC day. */
  upload_links_per_number_per_day: 3,
};
export type SegmentLimitName = keyof typeof SEGMENT_LIMIT_DEFAULTS;

/** The largest value of each an operator may set. */
const SEGMENT_LIMIT_MAX: Record<SegmentLimitName, number> = {
  segments_per_number_per_hour: 10_000,
  segments_per_number_per_day: 100_000,
  service_segments_per_day: 10_000_000,
  full_per_number_per_day: 100,
  upload_links_per_number_per_day: 100,
};

/** A limit's schema. The form shows the message under the field's label and the API prefixes the field's name, so it names neither. */
export const limitNumber = (max: number) => {
  const error = `Enter a whole number from 1 to ${max}.`;
  return z.number({ error }).int({ error }).min(1, { error }).max(max, { error });
};

/** The schemas of these limits, each made from its `limitNumber` by `as` (with a default, or optional). */
export function segmentLimits<T extends z.ZodType>(
  as: (schema: ReturnType<typeof limitNumber>, name: SegmentLimitName) => T,
) {
  const names = Object.keys(SEGMENT_LIMIT_MAX) as SegmentLimitName[];
  return Object.fromEntries(names.map((name) => [name, as(limitNumber(SEGMENT_LIMIT_MAX[name]), name)])) as {
    [K in SegmentLimitName]: T;
  };
}

/** A counter of the gate: its key, the most it may hold, and when it may expire. */
export type Allowance = { readonly key: string; readonly limit: number; readonly expires: string };

const HOUR_MS = 60 * 60 * 1000;

/**
 * The counters a text to `to` takes its segments from, at `now`: the number's hour and day, then the service's
 * day (`service`) or, for an answer to a text, the answers' day (`answers`).
 */
export function segmentAllowances(
  to: string,
  now: string,
  limits: Pick<
    Record<SegmentLimitName, number>,
    'segments_per_number_per_hour' | 'segments_per_number_per_day' | 'service_segments_per_day'
  >,
): {
  readonly hour: Allowance;
  readonly day: Allowance;
  readonly service: Allowance;
  readonly answers: Allowance;
} {
  const { day, expires } = dayWindow(now);
  const hour = now.slice(0, 13);
  return {
    hour: {
      key: `segments#${to}#${hour}`,
      limit: limits.segments_per_number_per_hour,
      expires: new Date(Date.parse(`${hour}:00:00.000Z`) + 2 * HOUR_MS).toISOString(),
    },
    day: { key: `segments#${to}#${day}`, limit: limits.segments_per_number_per_day, expires },
    service: { key: serviceBudgetKey(now), limit: limits.service_segments_per_day, expires },
    answers: { key: answerBudgetKey(now), limit: answerBudget(limits.service_segments_per_day), expires },
  };
}

/** The counter of the service's segments on `now`'s UTC day (its budget). */
export const serviceBudgetKey = (now: string) => `segments#service#${dayWindow(now).day}`;

/**
 * The answers' budget (issue 31): every text a stranger can make the service send by texting it (HELP, START,
 * STOP's confirmation, JOIN's answers, DELETE codes, LANG and the other commands' answers, the how-to) takes
 * its segments from a daily budget of its own, a fifth of the service's budget (Settings), at least
 * ANSWER_BUDGET_MIN segments: 200 at the default 1,000. They count in the service's budget as well (the day's
 * total stays within what Settings names), so no one texting the number can leave the replies to voice
 * messages less than four fifths of it.
 */
export const ANSWER_BUDGET_SHARE = 5;
export const ANSWER_BUDGET_MIN = 20;

/** The answers' budget for a service budget of `serviceSegments` a day. */
export const answerBudget = (serviceSegments: number) =>
  Math.max(ANSWER_BUDGET_MIN, Math.floor(serviceSegments / ANSWER_BUDGET_SHARE));

/** The counter of the answers' segments on `now`'s UTC day. */
export const answerBudgetKey = (now: string) => `segments#answers#${dayWindow(now).day}`;

/** The service's SMS budget on a UTC day, as GET /api/usage reports it. */
export type SmsBudget = {
  /** The UTC day, `2026-11-24`. */
  readonly date: string;
  /** The budget (Settings, `service_segments_per_day`). */
  readonly segments: number;
  /** Segments the gate let through that day, the answers to STOP, START and HELP included. */
  readonly used: number;
  /** Whether it is spent: only the answers to STOP, START and HELP go out until the next UTC day. */
  readonly spent: boolean;
};

export const smsBudget = (now: string, segments: number, used: number): SmsBudget => ({
  date: dayWindow(now).day,
  segments,
  used,
  spent: used >= segments,
});

/** The day's counter of a command a number may use a few times a day (`full`, `upload-link`). */
export function commandAllowance(command: 'full' | 'upload-link', from: string, now: string, limit: number) {
  const { day, expires } = dayWindow(now);
  return { key: `${command}#${from}#${day}`, limit, expires } satisfies Allowance;
}

/** Whole minutes from `now` until the next UTC day starts, when the daily counts begin again (at least 1). */
export function minutesUntilNextDay(now: string): number {
  const { day } = dayWindow(now);
  const next = Date.parse(`${day}T00:00:00.000Z`) + 24 * HOUR_MS;
  return Math.max(1, Math.ceil((next - Date.parse(now)) / 60_000));
}
