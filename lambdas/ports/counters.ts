/**
 * Counters behind the service's limits (voice messages per sender a day, segments per number an hour and a
 * day, the service's daily budget, FULL and UPLOAD a day, one how-to a day) and its replay guard (each Twilio
 * MessageSid once). Keys name their window (`...#2026-11-23`), so a new window starts at zero; counts expire
 * with their window (DynamoDB TTL in AWS).
 */
export interface Counters {
  /**
   * Adds `amount` (default 1) to `key` unless the count would then pass `limit`: true when added, false when
   * it would pass (nothing changes then). Two callers at once cannot both take the last of it.
   */
  take(key: string, limit: number, expiresAt: string, amount?: number): Promise<boolean>;
  /**
   * Gives back `amount` (default 1) of `key` taken by a request that then failed or was refused further on,
   * so its retry is not refused as a replay or counted twice. Never goes below zero.
   */
  giveBack(key: string, amount?: number): Promise<void>;
  /** The count of `key` now (0 when it was never taken, or has expired). */
  read(key: string): Promise<number>;
  /**
   * Adds `member` to the set kept at `key` for `window` (a UTC day), unless it is already in it: true when
   * added. The first member of a later window replaces the set, so the item holds one window's members at
   * most; a `window` older than the one kept adds nothing (false). Two callers at once cannot both add the
   * same member.
   */
  takeOnce(key: string, member: string, window: string, expiresAt: string): Promise<boolean>;
  /** Deletes `key` (a count or a set), expired or not: what DELETE uses for an item that names others. */
  forget(key: string): Promise<void>;
}
