/**
 * The sign-ups waiting for their phone's YES, by phone number (use-cases/sms-consent.ts). Each waits until its
 * time is up; a phone's YES takes every one waiting for it.
 */
export interface PendingSmsConsents {
  /**
   * Adds `email`'s sign-up to those waiting for `phone`'s YES at `now`, all of them until `expiresAt` (ISO);
   * those already past their time are dropped, not revived.
   */
  add(phone: string, email: string, now: string, expiresAt: string): Promise<void>;
  /** Takes the emails of every sign-up waiting for `phone`'s YES at `now`: none once taken or past their time. */
  take(phone: string, now: string): Promise<string[]>;
}
