/**
 * Step Functions on this machine: the StartExecution API (AWS JSON 1.0, what @aws-sdk/client-sfn sends),
 * running the state machine definition synthesized from the CDK app with aws-local-stepfunctions, each Task
 * state calling the same handler function the Lambda runs. As in AWS, an execution name can be used once
 * (names are kept under the data directory, so this holds across restarts): starting the same run twice
 * starts it once. StopExecution aborts a run, the definition's TimeoutSeconds ends one, and every run that
 * ends failed, timed out or aborted is reported as EventBridge reports it (`onRunEnded`).
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import {
  ExecutionAbortedError,
  ExecutionError,
  ExecutionTimeoutError,
  StateMachine,
} from 'aws-local-stepfunctions';
import {
  API_BODY_PACE,
  BODY_TIMEOUT_MESSAGE,
  BodyAbortedError,
  BodyTimeoutError,
  BodyTooLargeError,
  readBody,
} from '../api-gateway';

type JsonValue = Parameters<StateMachine['run']>[0];
export type TaskHandler = (input: JsonValue) => Promise<JsonValue>;

export type StepFunctionsOptions = {
  /** The state machine definition (ASL, intrinsics resolved). */
  readonly definition: Record<string, unknown>;
  readonly stateMachineArn: string;
  /** Task state name -> the handler to run for it. Every Task state must have one. */
  readonly handlers: Readonly<Record<string, TaskHandler>>;
  /** Where used execution names are kept (one JSON object a line). */
  readonly executionsFile: string;
  /** Replaces every Retry interval (tests); production keeps the definition's backoff. */
  readonly retryIntervalMs?: number;
  /**
   * Runs at most this many executions at once; the rest wait their turn (StartExecution still answers at
   * once). Everything shares one process here, so unbounded runs would slow the webhook's own answer.
   * @default twice the number of cores
   */
  readonly maxConcurrent?: number;
  /** Replaces the definition's TimeoutSeconds (tests). */
  readonly runTimeoutSeconds?: number;
  /**
   * Told when a run ends FAILED, TIMED_OUT or ABORTED, with the detail EventBridge's "Step Functions Execution
   * Status Change" event carries. Runs stopped because the runtime itself stops are not reported.
   */
  readonly onRunEnded?: (detail: RunEndedDetail) => Promise<void>;
  readonly log: (line: string) => void;
};

export type RunEndedDetail = {
  readonly name: string;
  readonly executionArn: string;
  readonly stateMachineArn: string;
  readonly status: 'FAILED' | 'TIMED_OUT' | 'ABORTED';
  /** The run's input as a JSON string. */
  readonly input: string;
};

export type StepFunctionsStandIn = {
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Runs still going. */
  readonly running: () => number;
  /** Runs started but waiting for a free slot. */
  readonly queued: () => number;
  /** Stops every running execution (their messages stay as they are; "Retry Now" restarts them). */
  close(): Promise<void>;
};

/** The Task state names in a definition (top level; the pipeline has no Map or Parallel states). */
export function taskStates(definition: Record<string, unknown>): string[] {
  const states = (definition.States ?? {}) as Record<string, { Type?: string }>;
  return Object.entries(states)
    .filter(([, state]) => state.Type === 'Task')
    .map(([name]) => name);
}

/** Step Functions takes inputs of up to 256 KB; a request is that and a little JSON around it. */
const MAX_REQUEST_BYTES = 300 * 1024;

function send(res: ServerResponse, status: number, body: unknown, errorType?: string) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': String(Buffer.byteLength(text)),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(text);
}

const NAME_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;

export async function createStepFunctions(options: StepFunctionsOptions): Promise<StepFunctionsStandIn> {
  const missing = taskStates(options.definition).filter((state) => !options.handlers[state]);
  if (missing.length) {
    throw new Error(
      `The state machine has Task states with no local handler: ${missing.join(', ')}. Add them to lambdas/handlers/pipeline/pipeline-steps.ts.`,
    );
  }
  const definition =
    options.runTimeoutSeconds === undefined
      ? options.definition
      : { ...options.definition, TimeoutSeconds: options.runTimeoutSeconds };
  const machine = new StateMachine(definition as never, {
    validationOptions: { checkArn: false },
  });
  const executionArn = (name: string) =>
    `${options.stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
  /** Names of runs stopped by StopExecution (reported ABORTED), as opposed to the runtime closing. */
  const stopped = new Set<string>();
  const report = (name: string, input: JsonValue, status: RunEndedDetail['status']) => {
    if (closed || !options.onRunEnded) return;
    options
      .onRunEnded({
        name,
        executionArn: executionArn(name),
        stateMachineArn: options.stateMachineArn,
        status,
        input: JSON.stringify(input),
      })
      .catch((error: Error) => options.log(`Could not record how run ${name} ended: ${error.message}`));
  };
  await mkdir(dirname(options.executionsFile), { recursive: true });
  const used = new Set<string>();
  const previous = await readFile(options.executionsFile, 'utf8').catch(() => '');
  for (const line of previous.split('\n')) {
    try {
      used.add((JSON.parse(line) as { name: string }).name);
    } catch {}
  }
  const running = new Map<string, () => void>();
  const retryIntervalOverrides =
    options.retryIntervalMs === undefined
      ? undefined
      : Object.fromEntries(Object.keys(options.handlers).map((state) => [state, options.retryIntervalMs!]));

  const maxConcurrent = options.maxConcurrent ?? Math.max(2, availableParallelism() * 2);
  const waiting: { name: string; input: JsonValue }[] = [];
  let closed = false;

  function startExecution(name: string, input: JsonValue) {
    if (running.size >= maxConcurrent) {
      waiting.push({ name, input });
      return;
    }
    runExecution(name, input);
  }

  function runExecution(name: string, input: JsonValue) {
    const execution = machine.run(input, {
      overrides: {
        taskResourceLocalHandlers: options.handlers,
        ...(retryIntervalOverrides ? { retryIntervalOverrides } : {}),
      },
      context: {
        Execution: { Id: name, Name: name, Input: input, StartTime: new Date().toISOString() },
      } as never,
    });
    running.set(name, execution.abort);
    execution.result
      .catch((error: unknown) => {
        if (error instanceof ExecutionAbortedError) {
          if (stopped.delete(name)) report(name, input, 'ABORTED');
          return;
        }
        if (error instanceof ExecutionTimeoutError) {
          options.log(`Processing run ${name} timed out`);
          report(name, input, 'TIMED_OUT');
          return;
        }
        // A run that ends in the Fail state has normally marked its message failed already.
        if (error instanceof ExecutionError) {
          options.log(`Processing run ${name} ended as failed (${(error as Error).message.slice(0, 200)})`);
        } else {
          options.log(`Processing run ${name} stopped unexpectedly: ${(error as Error).message}`);
        }
        report(name, input, 'FAILED');
      })
      .finally(() => {
        running.delete(name);
        const next = waiting.shift();
        if (next && !closed) runExecution(next.name, next.input);
      });
  }

  async function handleRequest(req: IncomingMessage, res: ServerResponse) {
    const target = String(req.headers['x-amz-target'] ?? '');
    let raw: Buffer;
    try {
      raw = await readBody(req, MAX_REQUEST_BYTES, API_BODY_PACE);
    } catch (error) {
      if (error instanceof BodyAbortedError) return void res.destroy();
      if (error instanceof BodyTimeoutError) {
        send(
          res,
          408,
          { __type: 'RequestTimeoutException', message: BODY_TIMEOUT_MESSAGE },
          'RequestTimeoutException',
        );
        req.resume();
        return;
      }
      if (!(error instanceof BodyTooLargeError)) throw error;
      send(
        res,
        413,
        { __type: 'ValidationException', message: 'The request is too large.' },
        'ValidationException',
      );
      req.resume();
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8') || '{}');
    } catch {
      send(
        res,
        400,
        { __type: 'SerializationException', message: 'Body is not JSON.' },
        'SerializationException',
      );
      return;
    }
    if (target === 'AWSStepFunctions.StopExecution') {
      const name =
        String(body.executionArn ?? '')
          .split(':')
          .at(-1) ?? '';
      const abort = running.get(name);
      if (!abort) {
        send(
          res,
          400,
          { __type: 'ExecutionDoesNotExist', message: `No running execution ${name}.` },
          'ExecutionDoesNotExist',
        );
        return;
      }
      stopped.add(name);
      abort();
      send(res, 200, { stopDate: Date.now() / 1000 });
      return;
    }
    if (target !== 'AWSStepFunctions.StartExecution') {
      send(res, 400, { __type: 'UnknownOperationException', message: `${target} is not supported locally.` });
      return;
    }
    if (body.stateMachineArn !== options.stateMachineArn) {
      send(
        res,
        400,
        { __type: 'StateMachineDoesNotExist', message: 'No such state machine.' },
        'StateMachineDoesNotExist',
      );
      return;
    }
    const name = String(body.name ?? '');
    if (!NAME_PATTERN.test(name)) {
      send(res, 400, { __type: 'InvalidName', message: 'Invalid execution name.' }, 'InvalidName');
      return;
    }
    let input: JsonValue;
    try {
      input = JSON.parse(String(body.input ?? '{}'));
    } catch {
      send(
        res,
        400,
        { __type: 'InvalidExecutionInput', message: 'Input is not JSON.' },
        'InvalidExecutionInput',
      );
      return;
    }
    if (used.has(name)) {
      send(
        res,
        400,
        { __type: 'ExecutionAlreadyExists', message: `Execution ${name} already exists.` },
        'ExecutionAlreadyExists',
      );
      return;
    }
    used.add(name);
    await appendFile(
      options.executionsFile,
      `${JSON.stringify({ name, startedAt: new Date().toISOString() })}\n`,
    );
    startExecution(name, input);
    send(res, 200, { executionArn: executionArn(name), startDate: Date.now() / 1000 });
  }

  return {
    handle: (req, res) => {
      handleRequest(req, res).catch((error: Error) => {
        if (!res.headersSent) send(res, 500, { __type: 'InternalFailure', message: error.message });
      });
    },
    running: () => running.size,
    queued: () => waiting.length,
    close: async () => {
      closed = true;
      waiting.length = 0;
      for (const abort of running.values()) abort();
      running.clear();
    },
  };
}
