/**
 * The admins-group check behind every admin route: an ID token says the account was an administrator when it
 * was issued (up to an hour ago); this asks Cognito whether it still is, and trusts the answer for
 * ADMIN_RECHECK_SECONDS. A removed administrator is therefore refused within that time on every route and in
 * every warm container, however long their token has left.
 */
import { ADMIN_RECHECK_SECONDS } from '../core/team';
import type { AdminMembership } from '../ports/user-directory';

/** Entries kept per container; far above the handful of administrators, so the cache cannot grow unbounded. */
const MAX_ENTRIES = 1_000;

export class CachedAdminMembership implements AdminMembership {
  private readonly answers = new Map<string, { readonly isAdmin: boolean; readonly checkedAt: number }>();

  constructor(
    private readonly source: AdminMembership,
    private readonly maxAgeMs = ADMIN_RECHECK_SECONDS * 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  async isAdmin(accountId: string): Promise<boolean> {
    const known = this.answers.get(accountId);
    if (known && this.now() - known.checkedAt < this.maxAgeMs) return known.isAdmin;
    // The time the question was asked, not answered: the answer is never trusted longer than maxAgeMs.
    const checkedAt = this.now();
    const isAdmin = await this.source.isAdmin(accountId);
    if (this.answers.size >= MAX_ENTRIES) this.answers.clear();
    this.answers.set(accountId, { isAdmin, checkedAt });
    return isAdmin;
  }
}
