/**
 * A removed administrator's token stops working: every admin route asks Cognito whether the caller is still
 * in the admins group and trusts the answer for at most ADMIN_RECHECK_SECONDS (issue 8: within 60 s).
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ADMIN_RECHECK_SECONDS } from '../../lambdas/core/team';
import { CachedAdminMembership } from '../../lambdas/http/admin-membership';
import { createEdge } from '../../lambdas/http/edge';
import type { TokenVerifier } from '../../lambdas/ports/token-verifier';

const verifier: TokenVerifier = {
  async verify(token) {
    return { userId: token, email: null, groups: ['admins'] };
  },
};

function setUp() {
  let now = 0;
  const members = new Set(['ada']);
  let asked = 0;
  let down = false;
  const membership = new CachedAdminMembership(
    {
      async isAdmin(id) {
        asked++;
        if (down) throw new Error('Cognito is down');
        return members.has(id);
      },
    },
    undefined,
    () => now,
  );
  const route = createEdge({
    auth: { verifier: () => verifier, adminGroup: 'admins', membership: () => membership },
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

  it('fails closed with 503 when Cognito cannot answer', async () => {
    const t = setUp();
    t.breakCognito();
    expect(await t.call('ada')).toBe(503);
  });
});
