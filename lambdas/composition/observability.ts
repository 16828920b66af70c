/**
 * Powertools, once per container: the logger and metrics take the service name from POWERTOOLS_SERVICE_NAME
 * and the namespace from POWERTOOLS_METRICS_NAMESPACE (set by CDK), and X-Ray tracing runs only in Lambda.
 * `lambdaHandler` wraps every handler with Powertools' middlewares (request id and cold start in every log
 * line, metrics flushed after each invocation, the handler traced).
 */
import { randomUUID } from 'node:crypto';
import { InvokeStore } from '@aws/lambda-invoke-store';
import type { MiddlewareLikeObj } from '@aws-lambda-powertools/commons/types';
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { readEnv } from './read-env';

const environment = readEnv('tracing', {
  /** Set by Lambda itself: X-Ray tracing runs only there. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  /** Powertools' switch; `false` turns tracing off in Lambda too. */
  POWERTOOLS_TRACE_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Set where one process serves many invocations at once (a Lambda Managed Instance; the local runtime):
   * each invocation then keeps its log keys in its own invocation store, and Powertools reads them there.
   */
  AWS_LAMBDA_MAX_CONCURRENCY: z.string().optional(),
});

/**
 * The invocation store of a host that runs many invocations in one process (the local runtime sets
 * AWS_LAMBDA_MAX_CONCURRENCY), so the keys one invocation appends (a MessageSid, a message id) stay on its
 * own log lines. Lambda runs each invocation in it itself; a host calls handlers without a Lambda context.
 * Made before the logger and metrics, which look for it whenever AWS_LAMBDA_MAX_CONCURRENCY is set.
 */
const hostInvocations = environment.AWS_LAMBDA_MAX_CONCURRENCY ? await InvokeStore.getInstanceAsync() : null;

export const logger = new Logger();
export const metrics = new Metrics();
export { MetricUnit };

/** The tracer and the middleware that traces each invocation of a handler. */
export type Tracing = { readonly tracer: Tracer; readonly middleware: MiddlewareLikeObj };

/**
 * X-Ray traces are kept 30 days and cannot be deleted, so they hold timings, cold starts and the calls a
 * handler makes, never what it answers (a message's transcript, a signed audio link, team emails) nor an
 * error's words (a provider's error can quote a phone number): a failed invocation keeps the error's name.
 * CDK also sets Powertools' own switches (POWERTOOLS_TRACER_CAPTURE_RESPONSE and _ERROR, false), so no other
 * use of the tracer records them either (lib/constructs/project-function.ts).
 */
export async function startTracing(): Promise<Tracing> {
  const [{ Tracer }, { captureLambdaHandler }] = await Promise.all([
    import('@aws-lambda-powertools/tracer'),
    import('@aws-lambda-powertools/tracer/middleware'),
  ]);
  const tracer: Tracer = new Tracer();
  const capture = captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareLikeObj;
  return {
    tracer,
    middleware: {
      before: capture.before,
      after: capture.after,
      onError: (request) => capture.onError?.({ ...request, error: nameOnly(request.error) }),
    },
  };
}

/** The error as a trace may keep it: its name, no message, no stack (whose first line repeats the message). */
function nameOnly(error: unknown): Error {
  const name = error instanceof Error ? error.name : 'Error';
  return Object.assign(new Error(name), { name, stack: name });
}

/**
 * X-Ray only where tracing is on (in Lambda, unless turned off). Loading the tracer loads the X-Ray SDK,
 * whose context tracking hooks every promise, so elsewhere it is not even imported.
 */
const tracing =
  environment.AWS_LAMBDA_FUNCTION_NAME && environment.POWERTOOLS_TRACE_ENABLED ? await startTracing() : null;

/** The client, captured for X-Ray where tracing is on. */
export function traced<T>(client: T): T {
  return tracing?.tracer.isTracingEnabled() ? tracing.tracer.captureAWSv3Client(client) : client;
}

/** What a host that calls handlers without a Lambda context (the local runtime) gets instead. */
function hostContext(): Context {
  const functionName = environment.AWS_LAMBDA_FUNCTION_NAME ?? 'local';
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '0',
    awsRequestId: randomUUID(),
    logGroupName: functionName,
    logStreamName: functionName,
    getRemainingTimeInMillis: () => 60_000,
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

/** Powertools' middlewares are middy's shape: before, after and onError over one request object. */
type Middleware = MiddlewareLikeObj;
type MiddlewareRequest = Parameters<NonNullable<MiddlewareLikeObj['before']>>[0];

function publishMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}

const middlewares: readonly Middleware[] = [
  injectLambdaContext(logger, { resetKeys: true }),
  // Powertools' logMetrics, minus its warning on every invocation that recorded no metric (most do not). No
  // ColdStart metric: one per function would cost more a month than the service at low volume; every log
  // line carries cold_start instead (the dashboard counts them with Logs Insights).
  {
    after: publishMetrics,
    onError: publishMetrics,
  },
  ...(tracing ? [tracing.middleware] : []),
];

/**
 * Wraps a handler with Powertools' middlewares, run in middy's order (before in order, after and onError in
 * reverse), so no middleware engine is needed for three middlewares.
 */
export function lambdaHandler<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  const invoke = async (event: E, given: Context | undefined): Promise<R> => {
    const context = given ?? hostContext();
    const request: MiddlewareRequest = {
      event,
      context,
      response: undefined,
      error: undefined,
      internal: {},
    };
    for (const middleware of middlewares) await middleware.before?.(request);
    try {
      request.response = await handler(event, context);
    } catch (error) {
      request.error = error instanceof Error ? error : new Error(String(error));
      for (const middleware of [...middlewares].reverse()) await middleware.onError?.(request);
      throw error;
    }
    for (const middleware of [...middlewares].reverse()) await middleware.after?.(request);
    return request.response as R;
  };
  return (event, given) =>
    given || !hostInvocations ? invoke(event, given) : hostInvocations.run({}, () => invoke(event, given));
}
