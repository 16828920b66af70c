/** What one try of a code against a number's pending DELETE code came to. */
export type DeleteCodeTry =
  /** The code sent: it is used up, so it erases once. */
  | 'right'
  /** Not the code sent: one of its tries is taken, others are left. */
  | 'wrong'
  /** Not the code sent, and that was its last try: it is spent. */
  | 'spent'
  /** No code is pending for the number (never asked, expired, used or spent): nothing is taken. */
  | 'none';

/**
 * The pending DELETE code of each number (use-cases/inbound/delete-by-text.ts): one at a time, kept as a hash
 * with its tries and its end. Expired codes count as none even before the store removes them.
 */
export interface DeleteCodeStore {
  /** Keeps `codeHash` as `phone`'s pending code until `expiresAt` (ISO), replacing any earlier one. */
  put(phone: string, codeHash: string, expiresAt: string): Promise<void>;
  /**
   * Tries `codeHash` against `phone`'s pending code at `now`. Atomic: of two right tries at once, one gets
   * `right`; a code allows `maxTries` tries in all.
   */
  attempt(phone: string, codeHash: string, now: string, maxTries: number): Promise<DeleteCodeTry>;
}
