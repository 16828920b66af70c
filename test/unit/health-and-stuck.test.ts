/** The health check's caching and the stuck-message count, over plain functions and in-memory ports. */
import { describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { STUCK_AFTER_MS } from '#core/messages/status';
import { cachedHealthCheck, type HealthReport } from '../../lambdas/use-cases/health';
import { findStuckMessages } from '../../lambdas/use-cases/stuck-messages';
import { InMemoryMessages, testClock } from '../support/in-memory-ports';

describe('the public health check', () => {
  it('asks the backends once for every caller within a few seconds, then again', async () => {
    let calls = 0;
    let now = 0;
    const reports: HealthReport[] = [];
    const health = cachedHealthCheck(
      [
        {
          name: 'database',
          check: async () => {
            calls += 1;
          },
        },
      ],
      { ttlMs: 5_000, now: () => now, onReport: (r) => reports.push(r) },
    );

    await Promise.all(Array.from({ length: 50 }, () => health()));
    now = 4_999;
    await health();
    expect(calls).toBe(1);
    now = 5_000;
    expect((await health()).status).toBe('ok');
    expect(calls).toBe(2);
    expect(reports).toHaveLength(2);
  });

  it('reports which part failed and why to the operator only (onReport), not in its status', async () => {
    const seen: HealthReport[] = [];
    const health = cachedHealthCheck(
      [
        { name: 'database', check: async () => {} },
        {
          name: 'storage',
          check: async () => {
            throw new Error('AccessDenied on arn:aws:s3:::bucket-123456789012');
          },
        },
      ],
      { onReport: (r) => seen.push(r) },
    );
    const report = await health();
    expect(report.status).toBe('unavailable');
    expect(seen[0]!.checks.storage).toEqual({ ok: false, error: expect.stringContaining('AccessDenied') });
    expect(seen[0]!.checks.database).toEqual({ ok: true });
  });
});

describe('stuck messages', () => {
  it('are the pending or processing ones that arrived between an hour and 15 minutes ago', async () => {
    const clock = testClock('2026-01-01T12:00:00.000Z');
    const messages = new InMemoryMessages();
    const at = (minutesAgo: number) => new Date(Date.parse(clock()) - minutesAgo * 60_000).toISOString();
    const message = (id: string, minutesAgo: number, status: Message['status']): Message => ({
      id,
      created_at: at(minutesAgo),
      sender: 'test-user',
      phone_number: null,
      audio_url: 'audio/x.wav',
      status,
      summary: null,
      transcript: null,
      error_message: null,
      reply_sent: false,
    });
    for (const m of [
      message('recent', 5, 'processing'),
      message('stuck-processing', 16, 'processing'),
      message('stuck-pending', 50, 'pending'),
      message('done', 20, 'completed'),
      message('failed', 30, 'failed'),
      message('long-gone', 120, 'processing'),
    ]) {
      await messages.create(m);
    }

    const stuck = await findStuckMessages({ messages, clock });

    expect(stuck.map((m) => m.id).sort()).toEqual(['stuck-pending', 'stuck-processing']);
    expect(STUCK_AFTER_MS).toBe(15 * 60_000);
  });
});
