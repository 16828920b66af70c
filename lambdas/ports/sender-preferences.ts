import type { SenderPreferences, SenderPreferencesPatch } from '#core/senders/sender-preferences';

/** What each sender chose by text (LANG, and MODE and SPELL next), one record per phone number (E.164). */
export interface SenderPreferencesRepository {
  /** The sender's record, or null when they chose nothing (or it expired). */
  get(phoneNumber: string): Promise<SenderPreferences | null>;
  /** Changes the fields present in `patch` (null clears one), creating the record; returns it as stored. */
  update(phoneNumber: string, patch: SenderPreferencesPatch, now: string): Promise<SenderPreferences>;
  /** Erases the sender's record (DELETE); nothing to erase is fine. */
  delete(phoneNumber: string): Promise<void>;
}
