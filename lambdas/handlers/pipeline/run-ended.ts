/**
 * EventBridge "Step Functions Execution Status Change" for the pipeline's state machine (FAILED, TIMED_OUT,
 * ABORTED): a run that ended without marking its message (a timeout, a stop by hand, MarkFailed itself
 * failing) marks it failed here, so no message stays in processing. Locally the Step Functions stand-in calls
 * this handler with the same event.
 */
import * as z from 'zod';
import { messageSidOf } from '#core/messages/new-message';
import { messageChanges } from '../../composition/message-changes';
import { lambdaHandler, logger } from '../../composition/observability';
import { usage } from '../../composition/usage';
import { endRun, RUN_END_STATUSES, runInputSchema } from '../../use-cases/run-ended';

const statusChangeSchema = z.object({
  'detail-type': z.literal('Step Functions Execution Status Change'),
  detail: z.object({
    name: z.string(),
    status: z.enum(RUN_END_STATUSES),
    input: z.string(),
  }),
});

const deps = { ...messageChanges(), usage: usage() };

export const handler = lambdaHandler(async (event: unknown) => {
  const parsed = statusChangeSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('Ignored an event that is not a pipeline run ending', { issues: parsed.error.issues.length });
    return { marked: false };
  }
  const { name, status, input } = parsed.data.detail;
  let run: z.output<typeof runInputSchema>;
  try {
    run = runInputSchema.parse(JSON.parse(input));
  } catch {
    logger.warn('A pipeline run ended with an input that names no message', { execution: name, status });
    return { marked: false };
  }
  logger.appendKeys({
    messageId: run.messageId,
    attempt: run.attempt,
    messageSid: messageSidOf(run.messageId) ?? undefined,
  });
  const result = await endRun(deps, { ...run, status });
  if (result.marked)
    logger.warn('A pipeline run ended without finishing its message', { execution: name, status });
  return result;
});
