import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PayloadTooLargeError, UnauthorizedError, ValidationError } from '#core/errors';
import { requestClient } from '../../lambdas/http/client';
import { createEdge, formParams } from '../../lambdas/http/edge';
import { MULTIPART_INVALID, parseMultipart } from '../../lambdas/http/multipart';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/http/origin-guard';
import { BODY_LIMITS } from '../../lambdas/http/routes';
import type { TokenVerifier } from '../../lambdas/ports/token-verifier';

const tokens: Record<string, string[]> = { 'admin-token': ['admins'], 'user-token': [] };
const verifier: TokenVerifier = {
  async verify(token) {
    const groups = tokens[token];
    if (!groups) throw new UnauthorizedError('Your session is not valid or has expired. Sign in again.');
    return { userId: token, email: null, groups, issuedAt: 0 };
  },
};
const route = createEdge({
  auth: { verifier: () => verifier, adminGroup: 'admins' },
  allowedOrigins: ['https://site.example'],
  logger: new Logger({ logLevel: 'SILENT' }),
});

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/things',
    rawPath: '/api/things',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    isBase64Encoded: false,
    requestContext: {} as APIGatewayProxyEventV2['requestContext'],
    ...overrides,
  };
}

const calls: unknown[] = [];
const create = route({ access: 'public', body: z.strictObject({ name: z.string() }) }, async ({ body }) => {
  calls.push(body);
  return { status: 201, body: { ok: true } };
});
const adminOnly = route({ access: 'admin' }, async ({ caller }) => ({
  status: 200,
  body: { who: caller.userId },
}));
const broken = route({ access: 'public' }, async () => {
  throw new Error('database password is hunter2');
});

const parse = (body: string | undefined) => JSON.parse(body ?? '');

describe('the HTTP edge', () => {
  it('passes a valid JSON body to the use case', async () => {
    const response = await create(event({ body: '{"name":"Ada"}' }));
    expect(response.statusCode).toBe(201);
    expect(calls.at(-1)).toEqual({ name: 'Ada' });
  });

  it('decodes base64 bodies the way API Gateway sends them', async () => {
    const body = Buffer.from('{"name":"Grace"}').toString('base64');
    const response = await create(event({ body, isBase64Encoded: true }));
    expect(response.statusCode).toBe(201);
    expect(calls.at(-1)).toEqual({ name: 'Grace' });
  });

  it.each([
    ['malformed JSON', { body: '{"name":' }, 400, 'not valid JSON'],
    ['an empty body', { body: '' }, 400, 'body is empty'],
    ['a JSON array', { body: '[1,2]' }, 400, 'must be a JSON object'],
    ['a wrong type', { body: '{"name":5}' }, 400, 'name:'],
    ['an unknown field', { body: '{"name":"A","role":"admin"}' }, 400, 'Unknown field "role"'],
    [
      'a form body',
      { body: 'name=A', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'Content-Type: application/json',
    ],
    ['an oversize body', { body: JSON.stringify({ name: 'x'.repeat(20_000) }) }, 413, 'too large'],
  ])('answers %s with %i and a message a person can act on', async (_kind, overrides, status, message) => {
    const before = calls.length;
    const response = await create(event(overrides as Partial<APIGatewayProxyEventV2>));
    expect(response.statusCode).toBe(status);
    expect(parse(response.body).error).toContain(message);
    expect(calls.length).toBe(before);
  });

  it('asks for a sign-in when an admin route has no token, and says nothing more', async () => {
    const response = await adminOnly(event({ routeKey: 'GET /api/admin' }));
    expect(response.statusCode).toBe(401);
    expect(response.headers?.['www-authenticate']).toBe('Bearer');
  });

  it('rejects an invalid token with 401', async () => {
    const response = await adminOnly(event({ headers: { authorization: 'Bearer forged' } }));
    expect(response.statusCode).toBe(401);
    expect(parse(response.body).error).toMatch(/Sign in again/);
  });

  it('forbids a signed-in user who is not in the admins group', async () => {
    const response = await adminOnly(event({ headers: { authorization: 'Bearer user-token' } }));
    expect(response.statusCode).toBe(403);
  });

  it('lets an administrator through, with no caching of the answer', async () => {
    const response = await adminOnly(event({ headers: { authorization: 'Bearer admin-token' } }));
    expect(response.statusCode).toBe(200);
    expect(parse(response.body)).toEqual({ who: 'admin-token' });
    expect(response.headers?.['cache-control']).toBe('no-store');
  });

  it('never shows the internals of an unexpected error', async () => {
    const response = await broken(event());
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(parse(response.body).error).toMatch(/try again/);
  });

  it('allows the site origin and no other', async () => {
    const allowed = await create(
      event({
        body: '{"name":"A"}',
        headers: { 'content-type': 'application/json', origin: 'https://site.example' },
      }),
    );
    expect(allowed.headers?.['access-control-allow-origin']).toBe('https://site.example');
    const other = await create(
      event({
        body: '{"name":"A"}',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      }),
    );
    expect(other.headers?.['access-control-allow-origin']).toBeUndefined();
  });
});

describe('behind CloudFront', () => {
  const SECRET = 'a-secret-only-cloudfront-and-the-functions-know';
  const seen: { ip: string | null; viaCloudFront: boolean }[] = [];
  const signup = createEdge({
    allowedOrigins: [],
    originSecret: SECRET,
    logger: new Logger({ logLevel: 'SILENT' }),
  })({ access: 'public' }, async ({ event, viaCloudFront }) => {
    seen.push({ ip: requestClient(event, { viaCloudFront }).ip, viaCloudFront });
    return { status: 201, body: { ok: true } };
  });
  const from = (headers: Record<string, string>) =>
    event({
      headers,
      requestContext: { http: { sourceIp: '198.51.100.9' } } as APIGatewayProxyEventV2['requestContext'],
    });

  it('refuses a request that went around CloudFront to the API’s own address (403), before anything else', async () => {
    for (const headers of [
      { 'cloudfront-viewer-address': '203.0.113.7:443' } as Record<string, string>,
      { [ORIGIN_VERIFY_HEADER]: 'guessed', 'cloudfront-viewer-address': '203.0.113.7:443' },
    ]) {
      const response = await signup(from(headers));
      expect(response.statusCode).toBe(403);
      expect(parse(response.body).error).toMatch(/only through the site/);
    }
    expect(seen).toEqual([]);
  });

  it('records the visitor’s address CloudFront names on a request it forwarded', async () => {
    const response = await signup(
      from({ [ORIGIN_VERIFY_HEADER]: SECRET, 'cloudfront-viewer-address': '2001:db8::7:46532' }),
    );
    expect(response.statusCode).toBe(201);
    expect(seen.at(-1)).toEqual({ ip: '2001:db8::7', viaCloudFront: true });
  });

  it('never believes a CloudFront-Viewer-Address header where there is no CloudFront (the local runtime)', async () => {
    const local = createEdge({ allowedOrigins: [], logger: new Logger({ logLevel: 'SILENT' }) })(
      { access: 'public' },
      async ({ event, viaCloudFront }) => ({
        status: 200,
        body: { ip: requestClient(event, { viaCloudFront }).ip, viaCloudFront },
      }),
    );
    const response = await local(from({ 'cloudfront-viewer-address': '203.0.113.7:443' }));
    expect(parse(response.body)).toEqual({ ip: '198.51.100.9', viaCloudFront: false });
  });
});

describe('bodies that are cut short, broken or too large', () => {
  const boundary = 'b-23';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\nRIFF`;

  it.each([
    ['a file that never ends (no closing boundary)', part],
    ['a part header cut off', `--${boundary}\r\nContent-Disp`],
    ['a field without its end', `--${boundary}\r\nContent-Disposition: form-data; name="sender"\r\n\r\nSam`],
  ])('a multipart form with %s is a 400, never an error nobody hears', async (_label, body) => {
    await expect(
      parseMultipart(Buffer.from(body), `multipart/form-data; boundary=${boundary}`, { maxFileBytes: 1024 }),
    ).rejects.toThrow(new ValidationError(MULTIPART_INVALID));
  });

  it("refuses a Twilio form over the route's limit with 413, and keeps broken escapes as sent", () => {
    const big = event({ body: `Body=${'x'.repeat(BODY_LIMITS.twilioForm)}`, headers: {} });
    expect(() => formParams(big)).toThrow(PayloadTooLargeError);
    expect(formParams(event({ body: 'From=%2B1%&Body=%zz', headers: {} }))).toEqual({
      From: '+1%',
      Body: '%zz',
    });
  });
});
