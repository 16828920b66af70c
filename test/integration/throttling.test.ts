/**
 * Per-route throttling on the local runtime, mirroring API Gateway's per-route limits: a flood of public
 * sign-ups is answered 429 once its route's burst is used up, while Twilio's webhook keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLES } from '../../lambdas/http/routes';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook } from '../support/pipeline';

let runtime: RunningRuntime;

beforeAll(async () => {
  runtime = await startLocalRuntime();
});

afterAll(async () => {
  await runtime?.dispose();
});

describe('a flood on one public route', () => {
  it('gets 429 past its burst, while the webhook answers every text as usual', async () => {
    const flood = Array.from({ length: THROTTLES.publicWrite.burst * 4 }, (_, i) =>
      fetch(`${runtime.url}/api/signups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
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
