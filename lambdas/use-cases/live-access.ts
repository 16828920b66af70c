/**
 * Who may watch the dashboard's live list (SPEC section 4, "Live updates"): an administrator now, as the user
 * directory says at the moment of subscribing. The token's `cognito:groups` claim is not enough: it says who
 * was an administrator when the token was issued, and a removed administrator's token outlives the removal.
 */
import type { AdminMembership } from '../ports/user-directory';

export type LiveAccess =
  | { readonly allowed: true }
  /** `reason` is what the subscriber is told (AppSync passes it back in the subscribe error). */
  | { readonly allowed: false; readonly reason: string };

/** Asks the directory whether the account is in the admins group now; an unknown account is refused. */
export async function liveAccessOf(membership: AdminMembership, accountId: string): Promise<LiveAccess> {
  if (await membership.isAdmin(accountId)) return { allowed: true };
  return {
    allowed: false,
    reason: 'Only administrators of this service may watch message changes: this account is not one (now).',
  };
}
