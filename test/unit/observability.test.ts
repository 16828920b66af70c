/** Every handler runs inside Powertools: its log lines carry the request id and whether it was a cold start. */
import type { Context } from 'aws-lambda';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// Lambda sets this for on-demand functions; Powertools reports cold starts only then.
vi.hoisted(() => {
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
});

const { lambdaHandler, logger, metrics, startTracing } = await import(
  '../../lambdas/composition/observability'
);
type Tracing = Awaited<ReturnType<typeof startTracing>>;

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

describe('the tracer every handler is wrapped with', () => {
  /** A segment that keeps what the tracer puts on it, in the shape X-Ray's SDK gives Powertools. */
  function recordingSegment(name: string) {
    const segment = {
      name,
      metadata: [] as unknown[],
      errors: [] as unknown[],
      flagged: false,
      subsegments: [] as unknown[],
      addNewSubsegment(child: string) {
        const sub = recordingSegment(child);
        segment.subsegments.push(sub);
        return sub;
      },
      addAnnotation() {},
      addMetadata(key: string, value: unknown) {
        segment.metadata.push({ key, value });
      },
      addError(error: Error) {
        segment.errors.push({ name: error.name, message: error.message, stack: error.stack });
      },
      addErrorFlag() {
        segment.flagged = true;
      },
      close() {},
    };
    return segment;
  }

  /** Powertools' own tracer and middleware as the handlers build them, traced into a recording segment. */
  async function tracedInvocation(invoke: (middleware: Tracing['middleware']) => Promise<void>) {
    // What Lambda sets: the tracer is on only in a Lambda execution environment.
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs24.x');
    vi.stubEnv('POWERTOOLS_TRACER_CAPTURE_RESPONSE', '');
    vi.stubEnv('POWERTOOLS_TRACER_CAPTURE_ERROR', '');
    vi.stubEnv('POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS', 'false');
    try {
      const { tracer, middleware } = await startTracing();
      const root = recordingSegment('function');
      let current: unknown = root;
      vi.spyOn(tracer.provider, 'getSegment').mockImplementation(() => current as never);
      vi.spyOn(tracer.provider, 'setSegment').mockImplementation((segment) => {
        current = segment;
      });
      expect(tracer.isTracingEnabled()).toBe(true);
      await invoke(middleware);
      return JSON.stringify(root);
    } finally {
      vi.unstubAllEnvs();
    }
  }

  const request = (changes: object) =>
    ({
      event: {},
      context: context('req-7'),
      response: undefined,
      error: undefined,
      internal: {},
      ...changes,
    }) as never;

  it('never records what a handler answers (a transcript), even without the CDK switches', async () => {
    const trace = await tracedInvocation(async (middleware) => {
      await middleware.before?.(request({}));
      await middleware.after?.(request({ response: { transcript: 'Hi, this is Maria, call me back' } }));
    });
    expect(trace).toContain('## ');
    expect(trace).not.toContain('Maria');
  });

  it("keeps a failed invocation's error name, never its words (a phone number a provider quoted)", async () => {
    const failure = Object.assign(new Error("The 'To' number +14155550123 is not valid"), {
      name: 'PermanentError',
    });
    const trace = await tracedInvocation(async (middleware) => {
      const invocation = request({});
      await middleware.before?.(invocation);
      await middleware.onError?.({ ...(invocation as object), error: failure } as never);
    });
    expect(trace).toContain('PermanentError');
    expect(trace).not.toContain('4155550123');
  });
});
