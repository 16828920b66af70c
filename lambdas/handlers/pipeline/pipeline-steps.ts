/**
 * The voice pipeline's steps, listed once. The CDK pipeline construct builds the Step Functions state machine
 * from these rows (one Lambda function per step, entry lambdas/handlers/<fn>.ts, export `handler`); the local
 * runtime runs the synthesized definition with aws-local-stepfunctions and maps each Task state to the same
 * handler by state name.
 *
 * Execution input: `{ "messageId": string, "attempt": number }` (core/messages/pipeline-run.ts). Every task
 * receives the whole state and its result is stored at `$.<resultKey>` (payloadResponseOnly tasks, JSONPath).
 * Large values (audio, transcript, summary) live in S3 and DynamoDB, never in the state.
 *
 * Flow: MarkProcessing -> PrepareAudio -> Transcribe -> Summarize -> DecideReply -> (send? SendReply) ->
 * MarkCompleted. Each task retries on RETRYABLE_ERRORS with backoff; anything else (and retries used up) is
 * caught into MarkFailed (error at `$.error`: `{ Error, Cause }`), which ends in the Fail state `Failed`.
 */
import { RETRYABLE_ERROR_NAMES } from '#core/messages/pipeline-errors';

export type PipelineStep = {
  /** The Task state's name (also what the local runtime maps to the handler). */
  readonly state: string;
  /** The handler file in lambdas/, without extension. */
  readonly fn: string;
  /** Where the task's result goes in the state: `$.<resultKey>`; null discards it. */
  readonly resultKey: string | null;
  /** Lambda timeout and the Task's TimeoutSeconds. */
  readonly timeoutSeconds: number;
  /** Lambda memory in MB. */
  readonly memoryMb: number;
};

export const PIPELINE_STEPS = {
  markProcessing: {
    state: 'MarkProcessing',
    fn: 'handlers/pipeline/mark-processing',
    resultKey: null,
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  prepareAudio: {
    state: 'PrepareAudio',
    fn: 'handlers/pipeline/prepare-audio',
    resultKey: 'audio',
    timeoutSeconds: 120,
    memoryMb: 1024,
  },
  transcribe: {
    state: 'Transcribe',
    fn: 'handlers/pipeline/transcribe',
    resultKey: 'transcription',
    // Moonshine runs here when no OpenAI key is saved: Lambda's longest timeout, and the memory that buys
    // one whole vCPU (1,769 MB; onnxruntime uses one thread and about 300 MB). See docs/deploy.md.
    timeoutSeconds: 900,
    memoryMb: 1769,
  },
  summarize: {
    state: 'Summarize',
    fn: 'handlers/pipeline/summarize',
    resultKey: 'summary',
    timeoutSeconds: 120,
    memoryMb: 256,
  },
  decideReply: {
    state: 'DecideReply',
    fn: 'handlers/pipeline/decide-reply',
    resultKey: 'decision',
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  sendReply: {
    state: 'SendReply',
    fn: 'handlers/pipeline/send-reply',
    resultKey: 'reply',
    timeoutSeconds: 60,
    memoryMb: 256,
  },
  markCompleted: {
    state: 'MarkCompleted',
    fn: 'handlers/pipeline/mark-completed',
    resultKey: null,
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  markFailed: {
    state: 'MarkFailed',
    fn: 'handlers/pipeline/mark-failed',
    resultKey: null,
    timeoutSeconds: 60,
    memoryMb: 256,
  },
} as const satisfies Record<string, PipelineStep>;

/** The Choice state after DecideReply: SendReply when `$.decision.send` is true, else MarkCompleted. */
export const REPLY_CHOICE_STATE = 'ShouldReply';
/** The Fail state MarkFailed ends in, so failed runs show as failed executions. */
export const FAILED_STATE = 'Failed';

/** Errors every task retries on: ours (TransientError) and the Lambda service's own transient faults. */
export const RETRYABLE_ERRORS = [
  ...RETRYABLE_ERROR_NAMES,
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
] as const;

/** Retry policy of every task: 2 s, 4 s, 8 s (with full jitter in AWS), then give up. */
export const RETRY_POLICY = { intervalSeconds: 2, maxAttempts: 3, backoffRate: 2 } as const;
