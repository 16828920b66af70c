/**
 * The "first administrator" of a deployment, decided once: a conditional write that only one account can
 * win, so two accounts confirmed at the same moment cannot both become the first.
 */
export interface FirstAdminClaim {
  /** True for exactly one account ever (until released). */
  claim(accountId: string): Promise<boolean>;
  /** Gives the claim back (only when held by this account): its group membership could not be added. */
  release(accountId: string): Promise<void>;
}
