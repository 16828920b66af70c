/**
 * How long the service keeps what people send: audio for a short while (a failed message can be processed
 * again), transcripts and summaries longer (the dashboard shows them). One place for the defaults, so the
 * privacy policy, the S3 lifecycle, DynamoDB's TTL and the local sweep state and apply the same numbers.
 */
export const DEFAULT_AUDIO_RETENTION_DAYS = 30;
export const DEFAULT_TRANSCRIPT_RETENTION_DAYS = 90;

/** At most ten years: longer is "forever", which the privacy policy must not promise by accident. */
export const MAX_RETENTION_DAYS = 3650;

export type Retention = { readonly audioDays: number; readonly transcriptDays: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment something created at `createdAt` (ISO) is `days` old, as an ISO time. */
export function retentionCutoff(now: string, days: number): string {
  return new Date(Date.parse(now) - days * DAY_MS).toISOString();
}

/** When something created at `createdAt` expires, in epoch seconds (DynamoDB's TTL format). */
export function expiresAtEpochSeconds(createdAt: string, days: number): number {
  return Math.floor((Date.parse(createdAt) + days * DAY_MS) / 1000);
}
