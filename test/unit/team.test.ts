/**
 * Who becomes an administrator and what the Team section may do, over an in-memory user directory: the
 * allowlist, the race-free first administrator, approval, removal and the last administrator.
 */
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '#core/errors';
import { adminAllowlist } from '#core/operator/team';
import type { FirstAdminClaim } from '../../lambdas/ports/first-admin-claim';
import type { Account, UserDirectory } from '../../lambdas/ports/user-directory';
import {
  admitConfirmedAccount,
  approveAccount,
  endSessionsAfterReset,
  removeAccount,
  viewTeam,
} from '../../lambdas/use-cases/team';
import { InMemoryLiveChannels, RecordingNotices } from '../support/in-memory-ports';

class InMemoryDirectory implements UserDirectory {
  readonly accounts = new Map<string, Account>();
  readonly admins = new Set<string>();
  readonly signedOut: string[] = [];
  failAdd = false;

  add(id: string, email: string, extra: Partial<Account> = {}): Account {
    const account = {
      id,
      email,
      createdAt: `2026-11-${10 + this.accounts.size}T00:00:00.000Z`,
      emailVerified: true,
      confirmed: true,
      ...extra,
    };
    this.accounts.set(id, account);
    return account;
  }
  async listAccounts() {
    return [...this.accounts.values()];
  }
  async listAdminIds() {
    return [...this.admins];
  }
  async hasAnyAdmin() {
    return this.admins.size > 0;
  }
  async findAccount(id: string) {
    return this.accounts.get(id) ?? null;
  }
  async isAdmin(id: string) {
    return this.admins.has(id);
  }
  async addToAdmins(id: string) {
    if (this.failAdd) throw new Error('Cognito is down');
    this.admins.add(id);
  }
  async removeFromAdmins(id: string) {
    this.admins.delete(id);
  }
  async signOutEverywhere(id: string) {
    this.signedOut.push(id);
  }
  async deleteAccount(id: string) {
    this.accounts.delete(id);
    this.admins.delete(id);
  }
}

/** The conditional put's contract: one winner until released by it. */
class InMemoryClaim implements FirstAdminClaim {
  holder: string | null = null;
  async claim(id: string) {
    if (this.holder) return false;
    this.holder = id;
    return true;
  }
  async release(id: string) {
    if (this.holder === id) this.holder = null;
  }
}

const confirmed = (id: string, email: string, emailVerified = true) => ({ id, email, emailVerified });

describe('an account that confirms its email', () => {
  it('becomes the first administrator of a deployment with no administrator and no allowlist', async () => {
    const directory = new InMemoryDirectory();
    const deps = { directory, firstAdmin: new InMemoryClaim(), allowlist: [] };
    expect(await admitConfirmedAccount(deps, confirmed('a', 'a@example.com'))).toBe('first-admin');
    expect(await admitConfirmedAccount(deps, confirmed('b', 'b@example.com'))).toBe('waiting');
    expect([...directory.admins]).toEqual(['a']);
  });

  it('is the first of two confirmed at the same moment only once (the claim decides, not a count)', async () => {
    const directory = new InMemoryDirectory();
    const deps = { directory, firstAdmin: new InMemoryClaim(), allowlist: [] };
    const results = await Promise.all([
      admitConfirmedAccount(deps, confirmed('a', 'a@example.com')),
      admitConfirmedAccount(deps, confirmed('b', 'b@example.com')),
    ]);
    expect(results.sort()).toEqual(['first-admin', 'waiting']);
    expect(directory.admins.size).toBe(1);
  });

  it('waits when someone is already an administrator, even if nobody claimed "first" (added by hand)', async () => {
    const directory = new InMemoryDirectory();
    directory.admins.add('operator');
    const deps = { directory, firstAdmin: new InMemoryClaim(), allowlist: [] };
    expect(await admitConfirmedAccount(deps, confirmed('a', 'a@example.com'))).toBe('waiting');
  });

  it('joins at once when its verified email is on the allowlist, whoever else is an administrator', async () => {
    const directory = new InMemoryDirectory();
    directory.admins.add('someone');
    const deps = {
      directory,
      firstAdmin: new InMemoryClaim(),
      allowlist: adminAllowlist([' Ops@Example.com ']),
    };
    expect(await admitConfirmedAccount(deps, confirmed('ops', 'ops@example.COM'))).toBe('allowlisted');
    expect(directory.admins.has('ops')).toBe(true);
  });

  it('waits with an allowlist that does not name it, even on a fresh deployment (no "first" rule then)', async () => {
    const directory = new InMemoryDirectory();
    const deps = { directory, firstAdmin: new InMemoryClaim(), allowlist: ['ops@example.com'] };
    expect(await admitConfirmedAccount(deps, confirmed('a', 'a@example.com'))).toBe('waiting');
    expect(directory.admins.size).toBe(0);
  });

  it('never joins with an email that is not verified', async () => {
    const directory = new InMemoryDirectory();
    const allowlisted = { directory, firstAdmin: new InMemoryClaim(), allowlist: ['ops@example.com'] };
    expect(await admitConfirmedAccount(allowlisted, confirmed('ops', 'ops@example.com', false))).toBe(
      'waiting',
    );
    const fresh = { directory, firstAdmin: new InMemoryClaim(), allowlist: [] };
    expect(await admitConfirmedAccount(fresh, confirmed('a', 'a@example.com', false))).toBe('waiting');
    expect(directory.admins.size).toBe(0);
  });

  it('gives the "first" claim back when it could not join the group, so the next account can', async () => {
    const directory = new InMemoryDirectory();
    const firstAdmin = new InMemoryClaim();
    const deps = { directory, firstAdmin, allowlist: [] };
    directory.failAdd = true;
    await expect(admitConfirmedAccount(deps, confirmed('a', 'a@example.com'))).rejects.toThrow(
      'Cognito is down',
    );
    expect(firstAdmin.holder).toBeNull();
    directory.failAdd = false;
    expect(await admitConfirmedAccount(deps, confirmed('b', 'b@example.com'))).toBe('first-admin');
  });
});

describe('the Team section', () => {
  function team() {
    const directory = new InMemoryDirectory();
    directory.add('owner', 'owner@example.com');
    directory.admins.add('owner');
    directory.add('ada', 'ada@example.com');
    directory.add('bob', 'bob@example.com');
    directory.add('new', 'new@example.com', { confirmed: false, emailVerified: false });
    return directory;
  }
  /** The team above, with the live channel a removal moves and the notices it publishes. */
  function removal() {
    const directory = team();
    const channels = new InMemoryLiveChannels();
    const notices = new RecordingNotices();
    const noticeErrors: unknown[] = [];
    const live = { channels, notices, onNoticeError: (error: unknown) => noticeErrors.push(error) };
    return { directory, channels, notices, noticeErrors, deps: { directory, live } };
  }

  it('lists administrators oldest first and waiting accounts newest first, marking the caller', async () => {
    const view = await viewTeam(team(), 'owner');
    expect(view.admins.map((m) => [m.email, m.is_you])).toEqual([['owner@example.com', true]]);
    expect(view.pending.map((m) => m.email)).toEqual([
      'new@example.com',
      'bob@example.com',
      'ada@example.com',
    ]);
    expect(view.pending[0]).toMatchObject({ email_verified: false, created_at: expect.any(String) });
  });

  it('approves a waiting account; an unknown one is 404, an administrator or an unconfirmed one 409', async () => {
    const directory = team();
    expect(await approveAccount(directory, 'ada', 'owner')).toMatchObject({ email: 'ada@example.com' });
    expect(directory.admins.has('ada')).toBe(true);
    await expect(approveAccount(directory, 'ghost', 'owner')).rejects.toBeInstanceOf(NotFoundError);
    await expect(approveAccount(directory, 'ada', 'owner')).rejects.toThrow(/already an administrator/);
    await expect(approveAccount(directory, 'new', 'owner')).rejects.toThrow(/not confirmed the email/);
  });

  it('refuses (409) an account whose email changed and is not confirmed yet, and says what to wait for', async () => {
    const directory = team();
    directory.add('eve', 'eve@example.net', { confirmed: true, emailVerified: false });
    const refusal = approveAccount(directory, 'eve', 'owner');
    await expect(refusal).rejects.toBeInstanceOf(ConflictError);
    await expect(refusal).rejects.toThrow(
      /eve@example.net is not a confirmed email address: .* Approve it once it has/,
    );
    expect(directory.admins.has('eve')).toBe(false);
  });

  it('removes a waiting account, and an administrator after signing them out everywhere', async () => {
    const { directory, deps } = removal();
    directory.admins.add('ada');
    await removeAccount(deps, 'bob');
    await removeAccount(deps, 'ada');
    expect(directory.accounts.has('bob')).toBe(false);
    expect(directory.accounts.has('ada')).toBe(false);
    expect(directory.signedOut).toEqual(['bob', 'ada']);
    await expect(removeAccount(deps, 'bob')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('moves the live list to a new channel once the account has left the admins, and tells the old channel', async () => {
    const { directory, deps, channels, notices } = removal();
    directory.admins.add('ada');
    const before = await channels.current();
    let channelWhenSignedOut: string | undefined;
    const signOut = directory.signOutEverywhere.bind(directory);
    directory.signOutEverywhere = async (id: string) => {
      // Already out of the group and already moved when its sessions end.
      expect(directory.admins.has(id)).toBe(false);
      channelWhenSignedOut = await channels.current();
      await signOut(id);
    };
    await removeAccount(deps, 'ada');
    expect(channelWhenSignedOut).not.toBe(before);
    expect(notices.announced).toEqual([{ channel: `/messages/${before}`, notice: { type: 'moved' } }]);
  });

  it('removes the account when the notice to the old channel cannot be published, and says so', async () => {
    const { directory, deps, channels, notices, noticeErrors } = removal();
    directory.admins.add('ada');
    const before = await channels.current();
    notices.fail = true;
    await removeAccount(deps, 'ada');
    expect(directory.accounts.has('ada')).toBe(false);
    expect(await channels.current()).not.toBe(before);
    expect(noticeErrors).toHaveLength(1);
  });

  it('never removes the last administrator (409), not even when two remove each other at once', async () => {
    const { directory, deps, channels } = removal();
    const before = await channels.current();
    const refusal = removeAccount(deps, 'owner');
    await expect(refusal).rejects.toBeInstanceOf(ConflictError);
    await expect(removeAccount(deps, 'owner')).rejects.toThrow(/last administrator/);
    expect(directory.admins.has('owner')).toBe(true);
    // Nobody left: the live list stays where it is.
    expect(await channels.current()).toBe(before);

    directory.admins.add('ada');
    const both = await Promise.allSettled([removeAccount(deps, 'owner'), removeAccount(deps, 'ada')]);
    expect(directory.admins.size).toBeGreaterThan(0);
    expect(both.some((r) => r.status === 'rejected')).toBe(true);
  });
});

describe('a confirmed password reset', () => {
  const clock = () => '2026-11-20T09:30:00.000Z';

  it('records when the account’s sessions ended, signs it out everywhere, and moves the live list', async () => {
    const directory = new InMemoryDirectory();
    const ended = new Map<string, string>();
    const sessionEnds = { record: async (id: string, at: string) => void ended.set(id, at) };
    const channels = new InMemoryLiveChannels();
    const before = await channels.current();
    await endSessionsAfterReset({ directory, sessionEnds, channels, clock }, 'ada');
    expect(ended.get('ada')).toBe('2026-11-20T09:30:00.000Z');
    expect(directory.signedOut).toEqual(['ada']);
    // A page open with the old token is left on a channel nothing publishes to; the next publisher tells it.
    expect(await channels.current()).not.toBe(before);
    expect(await channels.takeUnannounced()).toEqual([before]);
  });

  it('has recorded the end when the sign-out fails, so the old ID tokens are refused all the same', async () => {
    const directory = new InMemoryDirectory();
    directory.signOutEverywhere = async () => {
      throw new Error('Cognito is down');
    };
    const ended = new Map<string, string>();
    const sessionEnds = { record: async (id: string, at: string) => void ended.set(id, at) };
    const channels = new InMemoryLiveChannels();
    await expect(endSessionsAfterReset({ directory, sessionEnds, channels, clock }, 'ada')).rejects.toThrow(
      /down/,
    );
    expect(ended.has('ada')).toBe(true);
  });
});
