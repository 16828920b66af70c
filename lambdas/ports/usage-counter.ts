import type { UsageDay, UsageDelta } from '#core/operator/usage';

/**
 * The service's daily usage counters (core/operator/usage.ts): one record a UTC day, raised with atomic adds, read
 * for a range of days in one request. Kept apart from `Counters` (the limits): those are per key and window,
 * checked against a limit and given back; these only grow, and are read by date range.
 */
export interface UsageCounter {
  /** Adds `delta` to `date`'s counters (`2026-11-24`). Two adds at once both count. */
  add(date: string, delta: UsageDelta): Promise<void>;
  /** The stored days from `from` to `to` (inclusive), oldest first; days with nothing counted are absent. */
  range(from: string, to: string): Promise<Omit<UsageDay, 'estimated_cost'>[]>;
}
