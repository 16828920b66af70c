/**
 * A removed administrator's token stops working: every admin route asks Cognito whether the caller is still
 * in the admins group and trusts the answer for at most ADMIN_RECHECK_SECONDS (issue 8: within 60 s). So does
 * a token issued before the account's password reset (issue 23), which Cognito's sign-out leaves valid.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ADMIN_RECHECK_SECONDS } from '#core/operator/team';
import { CachedAdminStanding } from '../../lambdas/http/admin-membership';
import { createEdge } from '../../lambdas/http/edge';
import type { TokenVerifier } from '../../lambdas/ports/token-verifier';

/** Tokens here are `<account>` or `<account>@<issued at, seconds>`. */
const verifier: TokenVerifier = {
  async verify(token) {
    const [userId = '', issuedAt = '1000'] = token.split('@');
    return { userId, email: null, groups: ['admins'], issuedAt: Number(issuedAt) };
  },
};
const second = (seconds: number) => new Date(seconds * 1000).toISOString();

function setUp() {
  let now = 0;
  const members = new Set(['ada']);
  let asked = 0;
  let down = false;
  const ended = new Map<string, string>();
  const standing = new CachedAdminStanding(
    {
      membership: {
        async isAdmin(id) {
          asked++;
          if (down) throw new Error('Cognito is down');
          return members.has(id);
        },
      },
      sessionEnds: { lastEnded: async (id) => ended.get(id) ?? null },
    },
    undefined,
    () => now,
  );
  const route = createEdge({
    auth: { verifier: () => verifier, adminGroup: 'admins', standing: () => standing },
    allowedOrigins: [],
    logger: new Logger({ logLevel: 'SILENT' }),
  })({ access: 'admin' }, async () => ({ status: 200, body: { ok: true } }));
  const call = async (token: string) =>
    (
      await route({
        version: '2.0',
        routeKey: 'GET /api/messages',
        rawPath: '/api/messages',
        rawQueryString: '',
        headers: { authorization: `Bearer ${token}` },
        isBase64Encoded: false,
        requestContext: {} as APIGatewayProxyEventV2['requestContext'],
      })
    ).statusCode;
  return {
    call,
    members,
    ended,
    asked: () => asked,
    advance: (ms: number) => {
      now += ms;
    },
    breakCognito: () => {
      down = true;
    },
  };
}

describe('the admin re-check', () => {
  it('trusts a recent answer, so a busy dashboard does not ask Cognito on every request', async () => {
    const t = setUp();
    expect(await t.call('ada')).toBe(200);
    expect(await t.call('ada')).toBe(200);
    expect(t.asked()).toBe(1);
  });

  it('refuses a removed administrator’s still-valid token once the answer is older than the re-check time', async () => {
    const t = setUp();
    expect(await t.call('ada')).toBe(200);
    t.members.delete('ada');
    t.advance(ADMIN_RECHECK_SECONDS * 1_000);
    expect(await t.call('ada')).toBe(403);
    expect(ADMIN_RECHECK_SECONDS).toBeLessThanOrEqual(60);
  });

  it('refuses a token issued before the account’s password reset with 401, and takes one issued since', async () => {
    const t = setUp();
    t.ended.set('ada', second(2000.4));
    expect(await t.call('ada@1999')).toBe(401);
    // Tokens carry whole seconds: a sign-in within the second of the reset is one made after it.
    expect(await t.call('ada@2000')).toBe(200);
    expect(await t.call('ada@2001')).toBe(200);
    // Other accounts' tokens are not touched.
    t.members.add('bob');
    expect(await t.call('bob@1999')).toBe(200);
  });

  it('refuses the old token once the cached answer, asked before the reset, is older than the re-check time', async () => {
    const t = setUp();
    expect(await t.call('ada@1999')).toBe(200);
    t.ended.set('ada', second(2000));
    t.advance(ADMIN_RECHECK_SECONDS * 1_000);
    expect(await t.call('ada@1999')).toBe(401);
  });

  it('fails closed with 503 when Cognito cannot answer', async () => {
    const t = setUp();
    t.breakCognito();
    expect(await t.call('ada')).toBe(503);
  });
});
