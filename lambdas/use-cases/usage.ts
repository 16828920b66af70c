/**
 * Usage and cost: the daily counters the use cases raise as things happen (`countUsage`, one line where each
 * thing happens), the range GET /api/usage reads, and one message's run as "Details" shows it.
 */

import { answerBudget, answerBudgetKey, serviceBudgetKey, smsBudget } from '#core/delivery/send-limits';
import { NotFoundError } from '#core/errors';
import { type RunView, runView } from '#core/messages/run-steps';
import { type UsageDelta, type UsageReport, usageDates, usageReport } from '#core/operator/usage';
import type { Clock } from '../ports/clock';
import type { Counters } from '../ports/counters';
import type { RunSteps } from '../ports/run-steps';
import type { SettingsRepository } from '../ports/settings-repository';
import type { UsageCounter } from '../ports/usage-counter';
import { currentSettings } from './settings';

/**
 * What counting uses. `usage` is absent where nothing is counted (a host or test that does not measure
 * usage); production hosts always give it, wrapped so that a failed add is logged, never thrown.
 */
export type UsageDeps = { readonly usage?: UsageCounter; readonly clock: Clock };

/** Adds `delta` to today's (UTC) counters, e.g. `countUsage(deps, { delivered: 1 })`. */
export async function countUsage(deps: UsageDeps, delta: UsageDelta): Promise<void> {
  await deps.usage?.add(deps.clock().slice(0, 10), delta);
}

/**
 * GET /api/usage: the last `days` days (today included), oldest first, each with its estimated cost, and
 * today's segments against the service's SMS budget and the answers' (the gate's own counters, so "spent" is
 * what it applies).
 */
export async function readUsage(
  deps: {
    readonly usage: UsageCounter;
    readonly settings: SettingsRepository;
    readonly counters: Pick<Counters, 'read'>;
    readonly clock: Clock;
  },
  days: number,
): Promise<UsageReport> {
  const now = deps.clock();
  const dates = usageDates(now, days);
  const [stored, settings, used, answered] = await Promise.all([
    deps.usage.range(dates[0]!, dates[dates.length - 1]!),
    currentSettings(deps),
    deps.counters.read(serviceBudgetKey(now)),
    deps.counters.read(answerBudgetKey(now)),
  ]);
  return {
    ...usageReport(dates, stored, settings.unit_prices),
    budget: smsBudget(now, settings.service_segments_per_day, used),
    answers_budget: smsBudget(now, answerBudget(settings.service_segments_per_day), answered),
  };
}

/**
 * GET /api/messages/{id}/run: the message's runs step by step, its reply parts and its estimated cost. The
 * message and its steps come from one read of its record.
 */
export async function messageRun(
  deps: { readonly runSteps: RunSteps; readonly settings: SettingsRepository },
  id: string,
): Promise<RunView> {
  const [run, settings] = await Promise.all([deps.runSteps.read(id), currentSettings(deps)]);
  if (!run) throw new NotFoundError(`There is no message ${id}.`);
  return runView(run.message, run.steps, settings.unit_prices);
}
