/**
 * The Team routes through the local runtime (its own process, data directory and port) with real tokens from
 * its cognito-local: who may call them, what they answer for unknown and already approved accounts and for an
 * email that is no longer confirmed, the last administrator, and the live channel a removal moves.
 */
import {
  CognitoIdentityProviderClient,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

let runtime: RunningRuntime;

beforeAll(async () => {
  runtime = await startLocalRuntime();
});

afterAll(async () => {
  await runtime?.dispose();
});

async function api(path: string, { method = 'GET', token }: { method?: string; token?: string } = {}) {
  const response = await fetch(`${runtime.url}${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

type Member = { id: string; email: string };
async function team(token: string): Promise<{ admins: Member[]; pending: Member[] }> {
  const response = await api('/api/team', { token });
  expect(response.status).toBe(200);
  return response.json;
}

describe('the Team routes', () => {
  it.each([
    ['GET', '/api/team'],
    ['POST', '/api/team/some-id/approve'],
    ['DELETE', '/api/team/some-id'],
  ])(
    'refuse %s %s without a token (401) and for an account that is not an administrator (403)',
    async (method, path) => {
      expect((await api(path, { method })).status).toBe(401);
      const response = await api(path, { method, token: await runtime.userToken() });
      expect(response.status).toBe(403);
      expect(response.json.error).toMatch(/not an administrator/);
    },
  );

  it('list the administrators and the accounts waiting, approve one, and answer 409 the second time', async () => {
    const admin = await runtime.adminToken();
    await runtime.signIn('waiting@example.com', 'waiting-password-1');
    const before = await team(admin);
    expect(before.admins.map((m) => m.email)).toContain('admin@example.com');
    const waiting = before.pending.find((m) => m.email === 'waiting@example.com')!;
    expect(waiting).toBeDefined();

    const approved = await api(`/api/team/${waiting.id}/approve`, { method: 'POST', token: admin });
    expect(approved.status).toBe(200);
    expect((await team(admin)).admins.map((m) => m.email)).toContain('waiting@example.com');

    const again = await api(`/api/team/${waiting.id}/approve`, { method: 'POST', token: admin });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('waiting@example.com is already an administrator.');
  });

  it('refuse (409) to approve an account that changed its email and has not confirmed the new one', async () => {
    const admin = await runtime.adminToken();
    await runtime.signIn('changing@example.com', 'changing-password-1');
    const { accessToken } = await runtime.tokens('changing@example.com', 'changing-password-1');
    // As that user, the way a browser would: Cognito sends a code to the new address, unconfirmed until used.
    const cognito = new CognitoIdentityProviderClient({
      region: runtime.info.region,
      endpoint: runtime.info.cognito.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      await cognito.send(
        new UpdateUserAttributesCommand({
          AccessToken: accessToken,
          UserAttributes: [{ Name: 'email', Value: 'someone-else@example.net' }],
        }),
      );
    } finally {
      cognito.destroy();
    }
    const waiting = (await team(admin)).pending.find((m) => m.email === 'someone-else@example.net');
    expect(waiting).toMatchObject({ email_verified: false });

    const refused = await api(`/api/team/${waiting!.id}/approve`, { method: 'POST', token: admin });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(
      /^someone-else@example.net is not a confirmed email address: .*entered the code sent to the new one/,
    );
    expect((await team(admin)).admins.map((m) => m.email)).not.toContain('someone-else@example.net');
  });

  it('answer 404 for an account that does not exist, and 400 for an id that cannot be one', async () => {
    const admin = await runtime.adminToken();
    const unknown = await api('/api/team/00000000-0000-0000-0000-000000000000/approve', {
      method: 'POST',
      token: admin,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatch(/no account with this id/);
    expect(
      (await api('/api/team/00000000-0000-0000-0000-000000000000', { method: 'DELETE', token: admin }))
        .status,
    ).toBe(404);
    expect((await api('/api/team/not%20an%20id', { method: 'DELETE', token: admin })).status).toBe(400);
  });

  it('move the live list to a new channel on a removal; only administrators may ask where it is', async () => {
    const admin = await runtime.adminToken();
    expect((await api('/api/live-channel')).status).toBe(401);
    expect((await api('/api/live-channel', { token: await runtime.userToken() })).status).toBe(403);
    const before = await api('/api/live-channel', { token: admin });
    expect(before.status).toBe(200);
    expect(before.json.channel).toMatch(/^\/messages\/[0-9a-f]{32}$/);
    expect((await api('/api/live-channel', { token: admin })).json).toEqual(before.json);

    await runtime.signIn('moving@example.com', 'moving-password-1', 'admins');
    const leaving = (await team(admin)).admins.find((m) => m.email === 'moving@example.com')!;
    expect((await api(`/api/team/${leaving.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    const after = await api('/api/live-channel', { token: admin });
    expect(after.json.channel).toMatch(/^\/messages\/[0-9a-f]{32}$/);
    expect(after.json.channel).not.toBe(before.json.channel);
  });

  it('never remove the last administrator (409), and remove one of two', async () => {
    const admin = await runtime.adminToken();
    // Remove every other administrator first, so the caller is the only one.
    const me = (await team(admin)).admins.find((m) => m.email === 'admin@example.com')!;
    for (const other of (await team(admin)).admins.filter((m) => m.id !== me.id)) {
      expect((await api(`/api/team/${other.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    }
    const last = await api(`/api/team/${me.id}`, { method: 'DELETE', token: admin });
    expect(last.status).toBe(409);
    expect(last.json.error).toMatch(/last administrator and cannot be removed/);
    expect((await team(admin)).admins.map((m) => m.email)).toEqual(['admin@example.com']);
  });
});
