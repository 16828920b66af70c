/** MarkProcessing, the run's first step: the message becomes "processing" for this run. */
import { SupersededError } from '#core/messages/pipeline-errors';
import { changeMessage, type MessageChangeDeps } from '../message-changes';
import { loadOwned, type PipelineState } from './state';

/** MarkProcessing: the message becomes "processing" for this run. */
export async function markProcessing(deps: MessageChangeDeps, state: PipelineState): Promise<void> {
  const updated = await changeMessage(deps, state.messageId, {
    to: 'processing',
    patch: { error_message: null, error_retryable: null },
    attempt: state.attempt,
  });
  if (updated) return;
  const message = await loadOwned(deps, state); // throws when missing or taken over by a newer run
  throw new SupersededError(`The message is ${message.status}: there is nothing to process.`);
}
