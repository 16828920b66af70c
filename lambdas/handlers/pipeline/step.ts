/**
 * What every pipeline step handler shares: the task input (the execution state) validated with zod, the
 * step's use case called with the module-scope dependencies, and errors passed on with their name intact
 * (Step Functions retries and catches by name) and logged without the transcript or phone numbers.
 */
import { PermanentError, PIPELINE_ERROR_NAMES } from '../../core/pipeline-errors';
import { toValidationError } from '../../http/validation';
import { type PipelineDeps, type PipelineState, pipelineStateSchema } from '../../use-cases/pipeline';
import { logger, pipelineDeps } from '../../wiring';

const OWN_ERRORS = new Set<string>(PIPELINE_ERROR_NAMES);

export function pipelineStep<R>(name: string, run: (deps: PipelineDeps, state: PipelineState) => Promise<R>) {
  return async (event: unknown): Promise<R> => {
    const parsed = pipelineStateSchema.safeParse(event);
    if (!parsed.success) {
      throw new PermanentError(
        `The ${name} step got an invalid input: ${toValidationError(parsed.error, 'input').message}`,
      );
    }
    const state = parsed.data;
    const started = Date.now();
    try {
      const result = await run(pipelineDeps, state);
      logger.info('Pipeline step done', {
        step: name,
        messageId: state.messageId,
        attempt: state.attempt,
        durationMs: Date.now() - started,
      });
      return result;
    } catch (error) {
      const known = error instanceof Error && OWN_ERRORS.has(error.name);
      logger[known ? 'warn' : 'error']('Pipeline step failed', {
        step: name,
        messageId: state.messageId,
        attempt: state.attempt,
        errorName: (error as Error).name,
        error: known ? (error as Error).message : (error as Error),
      });
      throw error;
    }
  };
}
