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

// Message links (`/m/<code>`, core/messages/message-link.ts): here, not there, because the settings schema needs the
// default and the limit, and this module (unlike that one) builds no zod schema, so the site's first chunks
// stay free of them (frontend/src/lib/zod-config.ts).

/**
 * How long a link works, in days, unless Settings say otherwise: texts stay on phones (and in SMS backups)
 * long after they are read, so the link should not open the whole message for as long as it is kept.
 */
export const DEFAULT_MESSAGE_LINK_DAYS = 30;

/**
 * When a link made at `madeAt` (ISO) stops working, in epoch seconds: `days` after it was made, or when its
 * message expires (epoch seconds; null: never) if that is sooner.
 */
export function linkExpiresAt(madeAt: string, days: number, messageExpiresAt: number | null): number {
  const own = expiresAtEpochSeconds(madeAt, days);
  return messageExpiresAt === null ? own : Math.min(own, messageExpiresAt);
}

/** The longest a link may work: never past its message (the transcript retention), in words for Settings. */
export function linkDaysTooLong(transcriptDays: number): string {
  return `A link cannot outlive its message: messages are kept ${transcriptDays} days, so enter at most ${transcriptDays}.`;
}
