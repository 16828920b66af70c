/**
 * The live list's onSubscribe check in AWS (AppSync Events calls the function directly): it lets in an
 * account the user directory says is an administrator now, and refuses everyone else, whatever their token's
 * groups claim says.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const admins = new Set<string>();
vi.mock('../../lambdas/composition/cognito', () => ({
  userDirectory: () => ({ isAdmin: async (id: string) => admins.has(id) }),
}));

vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
const { handler } = await import('../../lambdas/handlers/authorize-live-subscription');

/** What AppSync sends for a user-pool subscriber of /messages/all (the fields that matter). */
function subscribe(sub: string, groups: string[] = ['admins']) {
  return {
    info: {
      operation: 'SUBSCRIBE',
      channel: { path: '/messages/all', segments: ['messages', 'all'] },
      channelNamespace: { name: 'messages' },
    },
    identity: { sub, username: sub, groups, claims: { sub, 'cognito:groups': groups } },
    request: { headers: {}, domainName: null },
    events: null,
  };
}

beforeEach(() => {
  admins.clear();
  admins.add('ada');
});

describe('the live subscription check', () => {
  it('lets in an account that is an administrator now (null)', async () => {
    expect(await handler(subscribe('ada'))).toBeNull();
  });

  it('refuses a removed administrator although the token still says "admins"', async () => {
    admins.delete('ada');
    expect(await handler(subscribe('ada', ['admins']))).toEqual({
      error: expect.stringMatching(/Only administrators of this service may watch message changes/),
    });
  });

  it('refuses a signed-in account that was never an administrator', async () => {
    expect(await handler(subscribe('bob', []))).toEqual({ error: expect.any(String) });
  });

  it('refuses an event without a Cognito identity rather than guessing', async () => {
    expect(await handler({ ...subscribe('ada'), identity: null })).toEqual({
      error: 'Subscribing needs a signed-in administrator.',
    });
    expect(await handler({ ...subscribe('ada'), info: { operation: 'PUBLISH' } })).toEqual({
      error: expect.any(String),
    });
  });
});
