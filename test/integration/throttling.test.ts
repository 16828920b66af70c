/**
 * Per-route throttling on the local runtime, mirroring API Gateway's per-route limits: a flood of public
 * sign-ups is answered 429 once its route's burst is used up, while Twilio's webhook keeps answering. Before
 * it, the per-client limits WAF applies in AWS: one client flooding the message links with random codes is
 * cut off without shutting out another client's reader, and forged webhook posts, checked before they are
 * counted, cannot spend the allowance Twilio's real deliveries need.
 */
import { randomBytes } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { CLIENT_LIMITS, THROTTLES } from '../../lambdas/http/routes';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { linkedMessage } from '../support/message-links';
import { incomingForm, postWebhook } from '../support/pipeline';

let runtime: RunningRuntime;
let db: ReturnType<typeof createDocumentClient>;

beforeAll(async () => {
  // The clients here come through a tunnel on this machine that appends their address to X-Forwarded-For,
  // as ngrok and cloudflared do: TRUST_PROXY=1 says so (without it the header is never read, issue 31).
  runtime = await startLocalRuntime({ env: { TRUST_PROXY: '1' } });
  db = createDocumentClient({ region: runtime.info.region, endpoint: runtime.info.dynamodb.endpoint });
});

afterAll(async () => {
  db?.destroy();
  await runtime?.dispose();
});

async function scan(table: string) {
  const { Items = [] } = await db.send(new ScanCommand({ TableName: table, ConsistentRead: true }));
  return Items;
}

describe('a flood on one public route', () => {
  it('gets 429 past its burst, while the webhook answers every text as usual', async () => {
    const flood = Array.from({ length: THROTTLES.publicWrite.burst * 4 }, (_, i) =>
      fetch(`${runtime.url}/api/signups`, {
        method: 'POST',
        // Each from an address of its own: the route's limit is tested here, not one client's.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
        body: JSON.stringify({ name: 'Flood', email: `flood-${i}@example.com` }),
      }).then(async (r) => ({
        status: r.status,
        retryAfter: r.headers.get('retry-after'),
        body: await r.json(),
      })),
    );
    const texts = Array.from({ length: 20 }, () =>
      postWebhook(runtime, incomingForm({ from: '+14155550123', body: 'HELP' })).then((r) => r.status),
    );
    const [signups, webhooks] = await Promise.all([Promise.all(flood), Promise.all(texts)]);

    const refused = signups.filter((s) => s.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({
      status: 429,
      retryAfter: '1',
      body: { error: 'Too many requests: try again in a moment.' },
    });
    expect(signups.filter((s) => s.status === 201).length).toBeGreaterThanOrEqual(
      THROTTLES.publicWrite.burst,
    );
    expect(new Set(webhooks)).toEqual(new Set([200]));
  });
});

describe('a flood of random link codes from one client', () => {
  it('is cut off at its own limit, and another client reading their link is answered throughout', async () => {
    const code = await linkedMessage(runtime);
    const flooder = { 'x-forwarded-for': '203.0.113.9' };
    const reader = { 'x-forwarded-for': '198.51.100.23' };
    const randomCode = () => randomBytes(16).toString('base64url');
    const guess = () =>
      fetch(`${runtime.url}/api/m/${randomCode()}`, { headers: flooder }).then(async (r) => ({
        status: r.status,
        retryAfter: r.headers.get('retry-after'),
        body: (await r.json()) as unknown,
      }));

    // The flood's first burst: more guesses than one client may make in a window.
    const burst = await Promise.all(
      Array.from({ length: CLIENT_LIMITS.messageLink.limit + 50 }, () => guess()),
    );
    expect(burst.filter((r) => r.status === 404).length).toBeGreaterThan(0);
    expect(burst.at(-1)).toEqual({
      status: 429,
      retryAfter: '1',
      body: { error: 'Too many requests from your address: try again in 1 second.' },
    });

    // The flood goes on, ten guesses at a time, while the reader opens their message now and then.
    let flooding = true;
    const flood = (async () => {
      while (flooding) await Promise.all(Array.from({ length: 10 }, () => guess()));
    })();
    const reads: number[] = [];
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      reads.push((await fetch(`${runtime.url}/api/m/${code}`, { headers: reader })).status);
    }
    flooding = false;
    await flood;
    expect(reads).toEqual(Array(10).fill(200));
  });
});

describe("forged posts to Twilio's webhook", () => {
  it('do not use up its allowance: signed posts among them are answered, and nothing is counted for them', async () => {
    const from = '+14155550149';
    const counted = async () => ({
      counters: await scan(runtime.info.tables.counters),
      usage: await scan(runtime.info.tables.usage),
    });
    const before = await counted();
    const forged = Array.from({ length: THROTTLES.webhook.burst * 2 }, () =>
      postWebhook(runtime, incomingForm({ from, body: 'HELP' }), { signature: 'forged' }).then(
        (r) => r.status,
      ),
    );
    const forgedStatuses = await Promise.all(forged);
    expect(new Set(forgedStatuses)).toEqual(new Set([403]));
    expect(await counted()).toEqual(before);

    const mixed = await Promise.all(
      Array.from({ length: THROTTLES.webhook.burst * 2 }, (_, i) =>
        i % 40 === 39
          ? postWebhook(runtime, incomingForm({ from: '+14155550150', body: 'HELP' })).then((r) => ({
              signed: true,
              status: r.status,
              text: r.text,
            }))
          : postWebhook(runtime, incomingForm({ from, body: 'HELP' }), { signature: 'forged' }).then((r) => ({
              signed: false,
              status: r.status,
              text: '',
            })),
      ),
    );
    const signed = mixed.filter((r) => r.signed);
    expect(signed).toHaveLength(10);
    for (const answer of signed) {
      expect(answer).toEqual({ signed: true, status: 200, text: expect.stringContaining('<Response/>') });
    }
  });
});
