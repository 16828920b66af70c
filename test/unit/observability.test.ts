/** Every handler runs inside Powertools: its log lines carry the request id and whether it was a cold start. */
import type { Context } from 'aws-lambda';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// Lambda sets this for on-demand functions; Powertools reports cold starts only then.
vi.hoisted(() => {
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
});

const { lambdaHandler, logger, metrics } = await import('../../lambdas/composition/observability');

const context = (requestId: string) =>
  ({ functionName: 'voice-summary-test-fn', awsRequestId: requestId, memoryLimitInMB: '256' }) as Context;

afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  delete process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
});

function capturedLines(): () => Record<string, unknown>[] {
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return () =>
    lines
      .flatMap((l) => l.split('\n'))
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
}

describe('lambdaHandler', () => {
  it('tags each log line with the request id, and only the first invocation as a cold start', async () => {
    const lines = capturedLines();
    const handler = lambdaHandler(async (event: { n: number }) => {
      logger.info('working', { n: event.n });
      return event.n * 2;
    });

    expect(await handler({ n: 1 }, context('req-1'))).toBe(2);
    expect(await handler({ n: 2 }, context('req-2'))).toBe(4);

    const working = lines().filter((l) => l.message === 'working');
    expect(working.map((l) => [l.function_request_id, l.cold_start])).toEqual([
      ['req-1', true],
      ['req-2', false],
    ]);
    expect(working[0]).toMatchObject({ function_name: 'voice-summary-test-fn' });
  });

  it('drops keys a handler added once its invocation ends, even when it throws', async () => {
    const lines = capturedLines();
    const failing = lambdaHandler(async () => {
      logger.appendKeys({ messageId: 'MM1-0' });
      throw new Error('boom');
    });
    const next = lambdaHandler(async () => logger.info('next'));

    await expect(failing({}, context('req-3'))).rejects.toThrow('boom');
    await next({}, context('req-4'));

    expect(lines().find((l) => l.message === 'next')).not.toHaveProperty('messageId');
  });

  it('publishes the metrics an invocation recorded, and says nothing when it recorded none', async () => {
    const publish = vi.spyOn(metrics, 'publishStoredMetrics');
    await lambdaHandler(async () => {})({}, context('req-5'));
    expect(publish).not.toHaveBeenCalled();
    await lambdaHandler(async () => metrics.addMetric('MessagesReceived', 'Count', 1))({}, context('req-6'));
    expect(publish).toHaveBeenCalledTimes(1);
  });
});
