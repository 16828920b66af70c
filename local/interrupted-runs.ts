/**
 * On one machine a pipeline run lives in the runtime's process: when the runtime stops, its runs stop too
 * (in AWS they go on). At the next start, the messages such a run left in processing are marked failed with
 * a reason, through the same change point as everything else, so none stays stuck and each can be retried.
 */
import { messageChanges } from '../lambdas/composition/message-changes';
import { changeMessage } from '../lambdas/use-cases/message-changes';

export const INTERRUPTED_REASON =
  'The local service stopped while this message was being processed. Retry Processing to run it again.';

const BEGINNING = '1970-01-01T00:00:00.000Z';

/** Marks every message still in processing failed; returns how many. Run before any new run starts. */
export async function failInterruptedRuns(): Promise<number> {
  const deps = messageChanges();
  const all = await deps.messages.listCreatedBetween(BEGINNING, new Date(Date.now() + 60_000).toISOString());
  let marked = 0;
  for (const message of all.filter((m) => m.status === 'processing')) {
    const failed = await changeMessage(deps, message.id, {
      to: 'failed',
      patch: { error_message: INTERRUPTED_REASON },
      ...(message.attempt === undefined ? {} : { attempt: message.attempt }),
    });
    if (failed) marked += 1;
  }
  return marked;
}
