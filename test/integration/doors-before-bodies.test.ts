/**
 * Issue 31, part 4, tried as an attacker would against a running local runtime: each hole is first attacked,
 * then shown closed. A stranger's body is never read before its token or signature is checked (the admin
 * upload, the live-update publish route, the webhook), and a refused one does not hold its connection; unsigned
 * and flooding posts to the webhook meet the firewall's rules as in AWS; a client cannot pick its own address
 * with `X-Forwarded-For`; the database and file-store stand-ins answer only under their own address, so a
 * DNS-rebinding page cannot reach them.
 */
import { request } from 'node:http';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { CLIENT_LIMITS } from '../../lambdas/http/routes';
import { TWILIO_PER_CLIENT, TWILIO_SIGNATURE_REQUIRED } from '../../lambdas/http/twilio-firewall';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook } from '../support/pipeline';

let runtime: RunningRuntime;

beforeAll(async () => {
  runtime = await startLocalRuntime();
});

afterAll(async () => {
  await runtime?.dispose();
});

type Answer = { status: number; body: string; closed: Promise<void> };

/**
 * Declares a body of `bytes` but sends only its first KB and never ends it: a door that reads before it
 * checks would wait for the rest (and Node would hold the connection for 5 minutes); one that checks first
 * answers at once. `closed` settles when the server closes the connection.
 */
function declaredBody(url: string, bytes: number, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(bytes) } });
    const closed = new Promise<void>((done) => req.once('close', () => done()));
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, closed }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    req.write(Buffer.alloc(1024, 'a'));
  });
}

/** A request with the `Host` written as given (a DNS-rebinding page's name). */
function withHost(endpoint: string, host: string, headers: Record<string, string>, body: string) {
  const { hostname, port } = new URL(endpoint);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: hostname, port, method: 'POST', path: '/', headers: { ...headers, host } });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const error = (answer: { body: string }) => (JSON.parse(answer.body) as { error: string }).error;

describe('the admin upload', () => {
  it('refuses 32 uploads of 25 MB without a token before reading them, and closes their connections', async () => {
    const uploads = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        declaredBody(`${runtime.url}/api/messages`, 25 * 1024 * 1024, {
          'content-type': 'multipart/form-data; boundary=x',
          ...(i % 2 ? { authorization: 'Bearer not.a.token' } : {}),
        }),
      ),
    );
    for (const upload of uploads) expect(upload.status).toBe(401);
    expect(error(uploads[0]!)).toMatch(/Authorization: Bearer/);
    expect(error(uploads[1]!)).toMatch(/Sign in again/);
    // Not held until Node's 5-minute request timeout: the runtime closes each connection itself.
    await Promise.all(uploads.map((upload) => upload.closed));
  });

  it('still takes an administrator’s request', async () => {
    const response = await fetch(`${runtime.url}/api/messages`, {
      headers: { authorization: `Bearer ${await runtime.adminToken()}` },
    });
    expect(response.status).toBe(200);
  });
});

describe('the live-update publish route', () => {
  it('refuses a publish that does not name this start’s credentials before reading its 1.2 MB', async () => {
    const answer = await declaredBody(runtime.info.events.httpEndpoint, 1_200_000, {
      'content-type': 'application/json',
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/appsync/aws4_request, SignedHeaders=host, Signature=' +
        '0'.repeat(64),
      'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({
      errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })],
    });
    await answer.closed;
  });
});

describe('the webhook', () => {
  it('refuses a post without X-Twilio-Signature before reading it, as the firewall in AWS does', async () => {
    const answer = await declaredBody(runtime.info.webhookUrl, 60 * 1024, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(403);
    expect(error(answer)).toBe(TWILIO_SIGNATURE_REQUIRED);
    await answer.closed;
  });

  it('caps one address’s posts as the firewall does: a forger’s flood from one address ends in 429', async () => {
    const form = incomingForm({ from: '+14155550177', body: 'HELP' });
    const statuses: number[] = [];
    let last = { status: 0, text: '' };
    // The allowance refills as the flood goes on (1,500 in 5 minutes), so a few more than 1,500 may pass.
    while (last.status !== 429 && statuses.length < 2 * TWILIO_PER_CLIENT.limit) {
      last = await postWebhook(runtime, form, { signature: 'forged' });
      statuses.push(last.status);
    }
    expect(last.status).toBe(429);
    expect(JSON.parse(last.text).error).toMatch(/^Too many requests from your address/);
    expect(statuses.length).toBeGreaterThan(TWILIO_PER_CLIENT.limit);
    expect(statuses.slice(0, -1).every((status) => status === 403)).toBe(true);
  });
});

describe('the per-client limits', () => {
  it('count a client by its connection: X-Forwarded-For picks no fresh allowance without TRUST_PROXY', async () => {
    const { limit } = CLIENT_LIMITS.messageLink;
    let sent = 0;
    let status = 0;
    // Each request names another address; were it believed, each would start a fresh allowance.
    while (status !== 429 && sent < 2 * limit) {
      const code = `${'a'.repeat(20)}${String(sent).padStart(4, '0')}`;
      const response = await fetch(`${runtime.url}/api/m/${code}`, {
        headers: { 'x-forwarded-for': `203.0.113.${sent % 250}` },
      });
      status = response.status;
      sent += 1;
    }
    expect(status).toBe(429);
    expect(sent).toBeGreaterThan(limit);
  });
});

describe('the stand-ins', () => {
  const scan = JSON.stringify({ TableName: 'anything' });
  const dynamoHeaders = {
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': 'DynamoDB_20120810.Scan',
    authorization:
      'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
  };

  it('refuse a DNS-rebinding page at the database: another Host, or a browser’s request', async () => {
    const { endpoint } = runtime.info.dynamodb;
    const port = new URL(endpoint).port;
    const rebound = await withHost(endpoint, `rebound.attacker.example:${port}`, dynamoHeaders, scan);
    expect(rebound.status).toBe(403);
    const fromPage = await withHost(
      endpoint,
      `127.0.0.1:${port}`,
      { ...dynamoHeaders, origin: 'http://evil.example' },
      scan,
    );
    expect(fromPage.status).toBe(403);
    // The runtime's own clients, under the stand-in's own address, are served.
    const db = createDocumentClient({ region: runtime.info.region, endpoint });
    const { Items } = await db.send(new ScanCommand({ TableName: runtime.info.tables.messages }));
    expect(Array.isArray(Items)).toBe(true);
  });

  it('refuse a DNS-rebinding page, or another site’s page, at the file store', async () => {
    const { endpoint, bucket } = runtime.info.s3;
    const port = new URL(endpoint).port;
    const listing = (host: string, origin?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({
          host: '127.0.0.1',
          port,
          path: `/${bucket}`,
          headers: { host, ...(origin ? { origin } : {}) },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await listing(`rebound.attacker.example:${port}`)).toBe(403);
    // A page of another site under the store's own address: s3rver checks no SigV4, so its origin decides.
    expect(await listing(`127.0.0.1:${port}`, 'http://evil.example')).toBe(403);
    expect(await listing(`127.0.0.1:${port}`, runtime.url)).not.toBe(403);
  });
});
