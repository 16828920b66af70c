/**
 * What every pipeline step handler shares: the task input (the execution state) validated with zod, the
 * step's use case called with the dependencies its handler built at module scope, Powertools around it
 * (request id and cold start in the logs, metrics flushed), and errors passed on with their name intact (Step
 * Functions retries and catches by name) and logged without the transcript or phone numbers (a phone number
 * quoted in an error's words is taken out: Step Functions keeps the error in the run's history). Each try is
 * recorded on the message as it ends (core/messages/run-steps.ts): the run's steps, retries and errors for "Details".
 */

import { redactPhoneNumbers } from '#core/delivery/phone';
import { messageSidOf } from '#core/messages/new-message';
import { PermanentError, PIPELINE_ERROR_NAMES } from '#core/messages/pipeline-errors';
import { type RunStep, stepUsageSchema } from '#core/messages/run-steps';
import { lambdaHandler, logger, metrics } from '../../composition/observability';
import { runSteps } from '../../composition/repositories';
import { toValidationError } from '../../http/validation';
import { type PipelineState, pipelineStateSchema } from '../../use-cases/pipeline/state';
import { PIPELINE_STEPS } from './pipeline-steps';

const OWN_ERRORS = new Set<string>(PIPELINE_ERROR_NAMES);

/**
 * The error as it leaves a step: Step Functions keeps it in the run's history for 90 days, which nothing can
 * delete (a sender's DELETE included), and MarkFailed shows it on the card; so a phone number its words quote
 * is taken out, of the stack too (whose first line repeats them). Name and class stay: retries match by name.
 */
export function withoutPhoneNumbers(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const message = redactPhoneNumbers(error.message);
  if (message !== error.message) {
    error.stack = error.stack?.split(error.message).join(message);
    error.message = message;
  }
  return error;
}

export function pipelineStep<D, R>(
  name: string,
  run: (deps: D, state: PipelineState) => Promise<R>,
  deps: D,
  /** Records the step's metrics from its result. */
  measure?: (result: R, recorder: typeof metrics) => void,
) {
  const steps = runSteps();
  const stepName = Object.values(PIPELINE_STEPS).find((s) => s.fn.endsWith(`/${name}`))?.state ?? name;
  /** Best effort: a step's work is done (or failed) whether or not its record could be written. */
  const recordStep = async (state: PipelineState, step: Omit<RunStep, 'step' | 'attempt'>) => {
    try {
      await steps.append(state.messageId, { step: stepName, attempt: state.attempt, ...step });
    } catch (error) {
      logger.warn('Run step not recorded', { error: (error as Error).message });
    }
  };
  return lambdaHandler(async (event: unknown): Promise<R> => {
    const parsed = pipelineStateSchema.safeParse(event);
    if (!parsed.success) {
      throw new PermanentError(
        `The ${name} step got an invalid input: ${toValidationError(parsed.error, 'input').message}`,
      );
    }
    const state = parsed.data;
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    // One key through the logs: the webhook's line carries the same MessageSid (handlers/public/receive-message.ts);
    // a test upload has none, and the key is left out of its lines.
    logger.appendKeys({
      step: name,
      messageId: state.messageId,
      attempt: state.attempt,
      messageSid: messageSidOf(state.messageId) ?? undefined,
    });
    try {
      const result = await run(deps, state);
      measure?.(result, metrics);
      const durationMs = Date.now() - started;
      const usage = stepUsageSchema.safeParse((result as { usage?: unknown } | null)?.usage);
      await recordStep(state, {
        started_at: startedAt,
        duration_ms: durationMs,
        outcome: 'ok',
        error_name: null,
        ...(usage.success && usage.data ? { usage: usage.data } : {}),
      });
      logger.info('Pipeline step done', { durationMs });
      return result;
    } catch (thrown) {
      const error = withoutPhoneNumbers(thrown);
      const known = error instanceof Error && OWN_ERRORS.has(error.name);
      await recordStep(state, {
        started_at: startedAt,
        duration_ms: Date.now() - started,
        outcome: 'error',
        error_name: error instanceof Error ? error.name : 'Error',
      });
      logger[known ? 'warn' : 'error']('Pipeline step failed', {
        errorName: (error as Error).name,
        error: known ? (error as Error).message : (error as Error),
      });
      throw error;
    }
  });
}
