/**
 * Issue 33, the operator's list of forwarding numbers through the local runtime (its own process, data
 * directory and port, real tokens from its cognito-local): only administrators may read it, and it lists each
 * number put straight into its table with its subscriber, confirmation, last call, release date and this
 * month's cost (the rental and this month's minutes, read from the counter the calls add to, at the prices
 * saved in Settings).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMinutesKey } from '#core/calls/call-minutes';
import type { ForwardingNumber } from '#core/calls/forwarding-number';
import type { ForwardingNumbersReport } from '#core/calls/forwarding-number-view';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoCounters } from '../../lambdas/adapters/aws/dynamo-counters';
import { DynamoForwardingNumberRepository } from '../../lambdas/adapters/aws/dynamo-forwarding-numbers';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

let runtime: RunningRuntime;

beforeAll(async () => {
  runtime = await startLocalRuntime();
});

afterAll(async () => {
  await runtime?.dispose();
});

async function api(
  path: string,
  { method = 'GET', token, body }: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${runtime.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

function tables() {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  return {
    numbers: new DynamoForwardingNumberRepository(db, runtime.info.tables.forwardingNumbers),
    counters: new DynamoCounters(db, runtime.info.tables.counters),
  };
}

const record = (fields: Partial<ForwardingNumber> & Pick<ForwardingNumber, 'number' | 'subscriber'>) => ({
  provider_sid: `PN${'a'.repeat(32)}`,
  created_at: '2026-11-01T10:00:00.000Z',
  carrier: null,
  confirmed_at: null,
  last_call_at: null,
  idle_notice_at: null,
  release_after: null,
  ...fields,
});

describe('GET /api/forwarding-numbers', () => {
  it('refuses a request without a token (401) and an account that is not an administrator (403)', async () => {
    expect((await api('/api/forwarding-numbers')).status).toBe(401);
    const response = await api('/api/forwarding-numbers', { token: await runtime.userToken() });
    expect(response.status).toBe(403);
    expect(response.json.error).toMatch(/not an administrator/);
  });

  it('lists each number with its subscriber and state, newest first, and what it costs this month', async () => {
    const admin = await runtime.adminToken();
    const empty = await api('/api/forwarding-numbers', { token: admin });
    expect(empty.status).toBe(200);
    expect(empty.json.numbers).toEqual([]);

    const saved = await api('/api/settings', {
      method: 'PUT',
      token: admin,
      body: { unit_prices: { voice_minute: 0.01, phone_number_month: 2 } },
    });
    expect(saved.status).toBe(200);
    const { numbers, counters } = tables();
    await numbers.put(
      record({
        number: '+13125550100',
        subscriber: '+14155550111',
        carrier: 'att',
        created_at: '2026-11-02T10:00:00.000Z',
        confirmed_at: '2026-11-02T10:05:00.000Z',
        last_call_at: '2026-11-20T09:00:00.000Z',
      }),
    );
    await numbers.put(
      record({
        number: '+13125550199',
        subscriber: '+14155550122',
        created_at: '2026-11-03T10:00:00.000Z',
        release_after: '2026-12-10T00:00:00.000Z',
      }),
    );
    const month = new Date().toISOString().slice(0, 7);
    const endOfMonth = new Date(Date.now() + 40 * 86_400_000).toISOString();
    // 7 minutes this month on the first number; last month's count must not be added.
    expect(await counters.take(callMinutesKey('+13125550100', month), 1000, endOfMonth, 7)).toBe(true);
    expect(await counters.take(callMinutesKey('+13125550100', '2001-01'), 1000, endOfMonth, 50)).toBe(true);

    const listed = await api('/api/forwarding-numbers', { token: admin });
    expect(listed.status).toBe(200);
    const report = listed.json as ForwardingNumbersReport;
    expect(report.month).toBe(month);
    expect(report.numbers.map((n) => [n.number, n.subscriber, n.month_minutes, n.month_cost])).toEqual([
      ['+13125550199', '+14155550122', 0, 2],
      ['+13125550100', '+14155550111', 7, 2.07],
    ]);
    expect(report.numbers[0]).toMatchObject({
      confirmed_at: null,
      release_after: '2026-12-10T00:00:00.000Z',
    });
    expect(report.numbers[1]).toMatchObject({
      carrier: 'att',
      confirmed_at: '2026-11-02T10:05:00.000Z',
      last_call_at: '2026-11-20T09:00:00.000Z',
      release_after: null,
    });
    expect(report.month_cost).toBe(4.07);
    expect(report.prices).toEqual({ voice_minute: 0.01, phone_number_month: 2 });
  });
});
