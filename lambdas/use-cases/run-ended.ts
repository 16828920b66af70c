import * as z from 'zod';
import { changeMessage, type MessageChangeDeps } from './message-changes';
import { countUsage, type UsageDeps } from './usage';

/**
 * How a pipeline run ended without reaching its own end states: the state machine failed in a way its Catch
 * could not handle (MarkFailed itself failing), ran past its timeout, or was stopped by hand. Step Functions
 * reports each through EventBridge (the local runtime's stand-in does the same).
 */
export const RUN_END_STATUSES = ['FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export type RunEndStatus = (typeof RUN_END_STATUSES)[number];

/** What the card says, in words an operator can act on. */
export const RUN_END_REASONS: Readonly<Record<RunEndStatus, string>> = {
  FAILED: 'Processing stopped unexpectedly before it finished. Retry Processing to run it again.',
  TIMED_OUT: 'Processing took too long and was stopped. Retry Processing to run it again.',
  ABORTED: 'Processing was stopped before it finished. Retry Processing to run it again.',
};

/** The run's input, as every execution gets it (lambdas/handlers/pipeline/pipeline-steps.ts). */
export const runInputSchema = z.object({
  messageId: z.string().min(1),
  attempt: z.number().int().positive(),
});

/**
 * Marks the message failed with a readable reason when its run ended while the message was still processing
 * under that run's attempt. A run that already marked its message (failed or completed), or one a retry has
 * replaced, changes nothing.
 */
export async function endRun(
  deps: MessageChangeDeps & UsageDeps,
  run: { readonly messageId: string; readonly attempt: number; readonly status: RunEndStatus },
): Promise<{ readonly marked: boolean }> {
  const failed = await changeMessage(deps, run.messageId, {
    to: 'failed',
    patch: { error_message: RUN_END_REASONS[run.status] },
    attempt: run.attempt,
  });
  if (failed)
    await countUsage(deps, { failed: 1, failed_cause: run.status === 'TIMED_OUT' ? 'timeout' : 'internal' });
  return { marked: failed !== null };
}
