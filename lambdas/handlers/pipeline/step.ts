/**
 * What every pipeline step handler shares: the task input (the execution state) validated with zod, the
 * step's use case called with the dependencies its handler built at module scope, Powertools around it
 * (request id and cold start in the logs, metrics flushed), and errors passed on with their name intact (Step
 * Functions retries and catches by name) and logged without the transcript or phone numbers.
 */
import { lambdaHandler, logger, metrics } from '../../composition/observability';
import { PermanentError, PIPELINE_ERROR_NAMES } from '../../core/pipeline-errors';
import { toValidationError } from '../../http/validation';
import { type PipelineState, pipelineStateSchema } from '../../use-cases/pipeline/state';

const OWN_ERRORS = new Set<string>(PIPELINE_ERROR_NAMES);

export function pipelineStep<D, R>(
  name: string,
  run: (deps: D, state: PipelineState) => Promise<R>,
  deps: D,
  /** Records the step's metrics from its result. */
  measure?: (result: R, recorder: typeof metrics) => void,
) {
  return lambdaHandler(async (event: unknown): Promise<R> => {
    const parsed = pipelineStateSchema.safeParse(event);
    if (!parsed.success) {
      throw new PermanentError(
        `The ${name} step got an invalid input: ${toValidationError(parsed.error, 'input').message}`,
      );
    }
    const state = parsed.data;
    const started = Date.now();
    logger.appendKeys({ step: name, messageId: state.messageId, attempt: state.attempt });
    try {
      const result = await run(deps, state);
      measure?.(result, metrics);
      logger.info('Pipeline step done', { durationMs: Date.now() - started });
      return result;
    } catch (error) {
      const known = error instanceof Error && OWN_ERRORS.has(error.name);
      logger[known ? 'warn' : 'error']('Pipeline step failed', {
        errorName: (error as Error).name,
        error: known ? (error as Error).message : (error as Error),
      });
      throw error;
    }
  });
}
