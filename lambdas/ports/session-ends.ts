/**
 * When each account's sessions last ended: a password reset signs the account out everywhere. Cognito's
 * sign-out revokes refresh and access tokens, but an ID token stays valid until it expires (an hour), so the
 * admin routes compare its issue time with this (core/operator/team.ts signedInBeforeSessionsEnded).
 */
export interface SessionEnds {
  /** Records that every session of the account ended at `at` (ISO-8601). */
  record(accountId: string, at: string): Promise<void>;
  /** When the account's sessions last ended (ISO-8601), or null if they never were. */
  lastEnded(accountId: string): Promise<string | null>;
}
