/**
 * Counters behind the service's limits (voice messages per sender per day, texts per number per hour, one
 * how-to a day) and its replay guard (each Twilio MessageSid once). Keys name their window (`...#2026-11-23`),
 * so a new window starts at zero; counts expire with their window (DynamoDB TTL in AWS).
 */
export interface Counters {
  /**
   * Counts one more use of `key` unless it has reached `limit`: true when counted, false when the limit was
   * reached (nothing changes then). Two callers at once cannot both take the last one.
   */
  take(key: string, limit: number, expiresAt: string): Promise<boolean>;
  /**
   * Gives back one use of `key` taken by a request that then failed, so its retry is not refused as a
   * replay or counted twice. Never goes below zero.
   */
  giveBack(key: string): Promise<void>;
}
