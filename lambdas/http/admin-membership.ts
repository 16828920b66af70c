/**
 * The standing behind every admin route: an ID token says the account was an administrator when it was
 * issued (up to an hour ago); this asks Cognito whether it still is, and when the account's sessions last
 * ended (a password reset signs it out everywhere, and Cognito's sign-out leaves ID tokens valid), and trusts
 * the answer for ADMIN_RECHECK_SECONDS. A removed administrator, or a token from before a reset, is therefore
 * refused within that time on every route and in every warm container, however long the token has left.
 */
import { ADMIN_RECHECK_SECONDS } from '#core/operator/team';
import type { SessionEnds } from '../ports/session-ends';
import type { AdminMembership } from '../ports/user-directory';

/** Entries kept per container; far above the handful of administrators, so the cache cannot grow unbounded. */
const MAX_ENTRIES = 1_000;

export type AdminStanding = {
  readonly isAdmin: boolean;
  /** When the account's sessions last ended (ISO-8601), or null. */
  readonly sessionsEndedAt: string | null;
};

/** Where an admin route learns an account's standing. */
export type AdminStandings = { of(accountId: string): Promise<AdminStanding> };

export type StandingSources = {
  readonly membership: AdminMembership;
  /** @default none (no session is ever ended: tokens are judged by their groups and expiry alone) */
  readonly sessionEnds?: Pick<SessionEnds, 'lastEnded'>;
};

export class CachedAdminStanding implements AdminStandings {
  private readonly answers = new Map<
    string,
    { readonly standing: AdminStanding; readonly checkedAt: number }
  >();

  constructor(
    private readonly sources: StandingSources,
    private readonly maxAgeMs = ADMIN_RECHECK_SECONDS * 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  async of(accountId: string): Promise<AdminStanding> {
    const known = this.answers.get(accountId);
    if (known && this.now() - known.checkedAt < this.maxAgeMs) return known.standing;
    // The time the question was asked, not answered: the answer is never trusted longer than maxAgeMs.
    const checkedAt = this.now();
    const [isAdmin, sessionsEndedAt] = await Promise.all([
      this.sources.membership.isAdmin(accountId),
      this.sources.sessionEnds?.lastEnded(accountId) ?? null,
    ]);
    const standing = { isAdmin, sessionsEndedAt };
    if (this.answers.size >= MAX_ENTRIES) this.answers.clear();
    this.answers.set(accountId, { standing, checkedAt });
    return standing;
  }
}
