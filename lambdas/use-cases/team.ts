/**
 * Who is an administrator: the decision when an account is confirmed (PostConfirmation trigger), and the
 * Team section's list, approve and remove (admin routes). The rules are in core/operator/team.ts.
 */
import { ConflictError, NotFoundError } from '#core/errors';
import { type Admission, allowlistDecision, type TeamMember, type TeamView } from '#core/operator/team';
import type { Clock } from '../ports/clock';
import type { FirstAdminClaim } from '../ports/first-admin-claim';
import type { LiveChannelStore } from '../ports/live-channel-store';
import type { SessionEnds } from '../ports/session-ends';
import type { Account, UserDirectory } from '../ports/user-directory';
import { type LiveChannelMoveDeps, moveLiveChannel } from './live-access';

export type AdmissionDeps = {
  readonly directory: UserDirectory;
  readonly firstAdmin: FirstAdminClaim;
  /** ADMIN_EMAILS, normalized (core/operator/team.ts adminAllowlist). */
  readonly allowlist: readonly string[];
};

/**
 * Runs once when an account confirms its email. An allowlisted verified email joins the admins at once.
 * Without an allowlist, the first confirmed account of a deployment with no administrator joins, decided by a
 * conditional write (not a count, which two accounts confirmed together would both pass). Everyone else waits
 * for an administrator's approval.
 */
export async function admitConfirmedAccount(
  deps: AdmissionDeps,
  account: { readonly id: string; readonly email: string | null; readonly emailVerified: boolean },
): Promise<Admission> {
  const decision = allowlistDecision(deps.allowlist, account.email, account.emailVerified);
  if (decision === 'allowlisted') {
    await deps.directory.addToAdmins(account.id);
    return 'allowlisted';
  }
  if (decision === 'waiting') return 'waiting';
  // No allowlist: only a deployment without any administrator (say, one added by hand) has a "first".
  if (await deps.directory.hasAnyAdmin()) return 'waiting';
  if (!(await deps.firstAdmin.claim(account.id))) return 'waiting';
  try {
    await deps.directory.addToAdmins(account.id);
  } catch (error) {
    // Not an administrator after all: give the claim back, or the deployment would be left with none.
    await deps.firstAdmin.release(account.id);
    throw error;
  }
  return 'first-admin';
}

function member(account: Account, callerId: string): TeamMember {
  return {
    id: account.id,
    email: account.email,
    created_at: account.createdAt,
    email_verified: account.emailVerified,
    is_you: account.id === callerId,
  };
}

/** The Team section: administrators oldest first, accounts waiting for approval newest first. */
export async function viewTeam(directory: UserDirectory, callerId: string): Promise<TeamView> {
  const [accounts, adminIds] = await Promise.all([directory.listAccounts(), directory.listAdminIds()]);
  const admins = new Set(adminIds);
  const byCreated = (a: Account, b: Account) => a.createdAt.localeCompare(b.createdAt);
  return {
    admins: accounts
      .filter((a) => admins.has(a.id))
      .sort(byCreated)
      .map((a) => member(a, callerId)),
    pending: accounts
      .filter((a) => !admins.has(a.id))
      .sort((a, b) => byCreated(b, a))
      .map((a) => member(a, callerId)),
  };
}

async function existing(directory: UserDirectory, id: string): Promise<Account> {
  const account = await directory.findAccount(id);
  if (!account)
    throw new NotFoundError('There is no account with this id: it may have been removed already.');
  return account;
}

/**
 * Makes a waiting account an administrator, only while its email is confirmed: the account and its
 * `email_verified` are read from the directory now, not from the list the approver saw, so an account that
 * changed its email since (UpdateUserAttributes) waits until the new address is confirmed.
 */
export async function approveAccount(
  directory: UserDirectory,
  id: string,
  callerId: string,
): Promise<TeamMember> {
  const account = await existing(directory, id);
  if (await directory.isAdmin(id)) throw new ConflictError(`${account.email} is already an administrator.`);
  if (!account.confirmed) {
    throw new ConflictError(
      `${account.email} has not confirmed the email address yet: approve the account once it has.`,
    );
  }
  if (!account.emailVerified) {
    throw new ConflictError(
      `${account.email} is not a confirmed email address: the account changed its email and has not entered the code sent to the new one. Approve it once it has (the Team list shows the email as confirmed).`,
    );
  }
  await directory.addToAdmins(id);
  return member(account, callerId);
}

/**
 * Removes an account, waiting or administrator. An administrator loses the group first; if that leaves
 * nobody, it is put back and the removal refused, so two administrators removing each other at the same time
 * cannot leave the service without one. Then the live list moves to a new channel (a page the account left
 * open stops receiving changes: AppSync cannot close it), every session ends and the account is deleted (its
 * tokens are refused by the admin routes within ADMIN_RECHECK_SECONDS). The move happens for every removal,
 * so a removal retried after a failure still makes it.
 */
export async function removeAccount(
  deps: { readonly directory: UserDirectory; readonly live: LiveChannelMoveDeps },
  id: string,
): Promise<void> {
  const { directory } = deps;
  const account = await existing(directory, id);
  if (await directory.isAdmin(id)) {
    const lastAdminRefusal = () =>
      new ConflictError(
        `${account.email} is the last administrator and cannot be removed: approve another administrator first.`,
      );
    if ((await directory.listAdminIds()).length <= 1) throw lastAdminRefusal();
    await directory.removeFromAdmins(id);
    if (!(await directory.hasAnyAdmin())) {
      await directory.addToAdmins(id);
      throw lastAdminRefusal();
    }
  }
  await moveLiveChannel(deps.live);
  await directory.signOutEverywhere(id);
  await directory.deleteAccount(id);
}

/**
 * Runs when a password reset is confirmed: whoever knew the old password, or holds a token from before it, is
 * signed out. The end is recorded first, so the admin routes refuse the old ID tokens even if the sign-out
 * fails; Cognito's sign-out revokes the refresh tokens (no new token comes from them) and the access tokens.
 * Then the live list moves to a new channel (issue 31): a page left open with the old token receives no
 * further change (AppSync cannot close it), and is told it moved with the next change, when it asks for the
 * new channel with a token the API now refuses. The trigger cannot publish, so the notice waits for the
 * next publisher.
 */
export async function endSessionsAfterReset(
  deps: {
    readonly directory: Pick<UserDirectory, 'signOutEverywhere'>;
    readonly sessionEnds: Pick<SessionEnds, 'record'>;
    readonly channels: Pick<LiveChannelStore, 'retire'>;
    readonly clock: Clock;
  },
  accountId: string,
): Promise<void> {
  await deps.sessionEnds.record(accountId, deps.clock());
  await deps.directory.signOutEverywhere(accountId);
  await deps.channels.retire();
}
