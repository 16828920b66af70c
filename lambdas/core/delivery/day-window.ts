/** The UTC days the per-sender limits count in (voice messages a day, one how-to a day, one limit notice). */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (`2026-11-23`) a limit counts in, and when its counters may expire (the day after it ends). */
export function dayWindow(now: string): { readonly day: string; readonly expires: string } {
  const day = now.slice(0, 10);
  return { day, expires: new Date(Date.parse(`${day}T00:00:00.000Z`) + 2 * DAY_MS).toISOString() };
}
