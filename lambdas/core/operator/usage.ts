/**
 * Usage and cost: what the service counts each UTC day (one record a day, raised with atomic adds by the use
 * cases), the unit prices an operator sets in Settings (defaults: docs/operations.md's cost model), and the
 * estimated cost of a day, a range or one message. Pure: the browser shows the same numbers it reads.
 */
import * as z from 'zod';
import type { SmsBudget } from '#core/delivery/send-limits';
import type { FailureCause } from '#core/messages/pipeline-failures';
import { estimateCost, type UnitPrices } from './unit-prices';

/** The counters of a day, each a whole number (seconds and tokens included). */
export const USAGE_COUNTS = [
  /** Voice messages that arrived (texted or uploaded), past the daily limit or not. */
  'received',
  /** Of those, the ones that came by SMS/MMS (the provider bills receiving them). */
  'received_sms',
  /** Kept untranscribed because the sender was past the daily limit. */
  'limited',
  'completed',
  'failed',
  /** Texts the gate handed to the provider (reply parts, notices, HELP...), and their segments. */
  'texts_sent',
  'segments',
  /** Of the texts sent, those sent as MMS (the contact card and the event attached): priced per MMS, their segments not counted in `segments`. */
  'mms_sent',
  /** Delivery as the provider reported it (status callbacks). */
  'delivered',
  'undelivered',
  /** Transcripts an operator marked wrong. */
  'wrong_transcripts',
  /** Messages whose urgency an operator corrected (the first correction of each). */
  'urgency_corrections',
  /**
   * What arrived instead of a voice message (core/messages/refused-inbound.ts), one each: a text or MMS whose
   * attachments were none of them audio, a text that was no command, and either from a number that had
   * opted out (counted there only). Not in `received`, `failed` or the voice messages a day.
   */
  'refused_attachments',
  'unknown_texts',
  'opted_out_messages',
  /** Audio transcribed, by any engine; of it, what OpenAI transcribed (billed by the minute). */
  'audio_seconds',
  'openai_audio_seconds',
  /** OpenAI summary tokens. */
  'openai_input_tokens',
  'openai_output_tokens',
  /**
   * Forwarded calls (issue 33): calls answered, their minutes as Twilio bills them (each call rounded up to a
   * whole minute), the calls that left no message (hang-ups, silence), and the forwarding numbers held that day
   * (counted once a day by the daily job, priced as a month's rental over 30 days).
   */
  'calls',
  'call_minutes',
  'missed_calls',
  'number_days',
] as const;
export type UsageCount = (typeof USAGE_COUNTS)[number];

/** What one use case adds: some counters, and for a failure its cause. */
export type UsageDelta = Partial<Record<UsageCount, number>> & { readonly failed_cause?: FailureCause };

/** One day as GET /api/usage returns it. */
export type UsageDay = Record<UsageCount, number> & {
  /** The UTC day, `2026-11-24`. */
  readonly date: string;
  readonly failed_by_reason: Partial<Record<FailureCause, number>>;
  readonly estimated_cost: number;
};

/** A day with nothing counted. */
export function emptyUsageDay(date: string): Omit<UsageDay, 'estimated_cost'> {
  const counts = Object.fromEntries(USAGE_COUNTS.map((name) => [name, 0])) as Record<UsageCount, number>;
  return { ...counts, date, failed_by_reason: {} };
}

/** Each failure cause in a few words (the failure table's own record), for the usage page. */
export { FAILURE_CAUSE_WORDS } from '#core/messages/pipeline-failures';

// ---------------------------------------------------------------------------------------------------------
// the range GET /api/usage reads

const MAX_USAGE_DAYS = 366;
const daysError = `days must be a whole number from 1 to ${MAX_USAGE_DAYS}.`;

/** GET /api/usage?days=30 */
export const usageQuerySchema = z.object({
  days: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return 30;
      const days = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!(days >= 1 && days <= MAX_USAGE_DAYS)) {
        ctx.addIssue({ code: 'custom', message: daysError });
        return z.NEVER;
      }
      return days;
    }),
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `days` UTC dates ending today (`now`'s day), oldest first. */
export function usageDates(now: string, days: number): string[] {
  const today = Date.parse(`${now.slice(0, 10)}T00:00:00.000Z`);
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * How long a day's counters are kept: 400 days, so a year's chart is always whole. They are counts, with
 * nothing anyone sent or who sent it, so they are not bound by the transcript retention period.
 */
export const USAGE_KEPT_DAYS = 400;

/** A range of days as GET /api/usage reports it. */
export type UsageRangeReport = {
  readonly days: readonly UsageDay[];
  /** The whole range's estimated cost in US dollars. */
  readonly estimated_cost: number;
  /** The range's totals (the dashboard's "this month"). */
  readonly totals: Omit<UsageDay, 'date'>;
  readonly prices: UnitPrices;
};

/**
 * GET /api/usage's answer: the range, today's segments against the service's SMS budget, and against the
 * answers' budget (issue 31: what answering texts may spend, a fifth of it; strangers texting spend it first).
 */
export type UsageReport = UsageRangeReport & {
  readonly budget: SmsBudget;
  readonly answers_budget: SmsBudget;
};

/** The range's days (missing ones as zeros) with each day's cost and the totals. */
export function usageReport(
  dates: readonly string[],
  stored: readonly Omit<UsageDay, 'estimated_cost'>[],
  prices: UnitPrices,
): UsageRangeReport {
  const byDate = new Map(stored.map((day) => [day.date, day]));
  const days = dates.map((date) => {
    const day = byDate.get(date) ?? emptyUsageDay(date);
    return { ...day, estimated_cost: estimateCost(day, prices) };
  });
  const totals = emptyUsageDay('');
  const failedByReason: Partial<Record<FailureCause, number>> = {};
  for (const day of days) {
    for (const name of USAGE_COUNTS) totals[name] += day[name];
    for (const [cause, count] of Object.entries(day.failed_by_reason) as [FailureCause, number][]) {
      failedByReason[cause] = (failedByReason[cause] ?? 0) + count;
    }
  }
  const { date: _date, ...rest } = totals;
  const estimated_cost = estimateCost(totals, prices);
  return {
    days,
    estimated_cost,
    totals: { ...rest, failed_by_reason: failedByReason, estimated_cost },
    prices,
  };
}
