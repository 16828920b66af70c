/**
 * The live list's onSubscribe check in AWS (AppSync Events calls the function directly): it lets in an
 * account the user directory says is an administrator now, on the current channel by its exact name, and
 * refuses everyone else, whatever their token's groups claim says.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryLiveChannels } from '../support/in-memory-ports';

const admins = new Set<string>();
vi.mock('../../lambdas/composition/clients/cognito', () => ({
  userDirectory: () => ({ isAdmin: async (id: string) => admins.has(id) }),
}));
const channels = new InMemoryLiveChannels();
vi.mock('../../lambdas/composition/live-channel', () => ({ liveChannelStore: () => channels }));

vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
const { handler } = await import('../../lambdas/handlers/appsync/authorize-live-subscription');

let current = '';

/** What AppSync sends for a user-pool subscriber of a channel (the fields that matter); the current one by default. */
function subscribe(sub: string, groups: string[] = ['admins'], path = `/messages/${current}`) {
  return {
    info: {
      operation: 'SUBSCRIBE',
      channel: { path, segments: path.split('/').filter(Boolean) },
      channelNamespace: { name: 'messages' },
    },
    identity: { sub, username: sub, groups, claims: { sub, 'cognito:groups': groups } },
    request: { headers: {}, domainName: null },
    events: null,
  };
}

beforeEach(async () => {
  admins.clear();
  admins.add('ada');
  current = await channels.current();
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

  it('refuses an administrator a pattern, or a channel the list has moved away from', async () => {
    expect(await handler(subscribe('ada', ['admins'], '/messages/*'))).toEqual({
      error: 'This is not the live channel now: ask GET /api/live-channel for the current one.',
    });
    const old = current;
    await channels.replace();
    expect(await handler(subscribe('ada', ['admins'], `/messages/${old}`))).toEqual({
      error: expect.stringMatching(/not the live channel now/),
    });
    expect(await handler(subscribe('ada', ['admins'], `/messages/${await channels.current()}`))).toBeNull();
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
