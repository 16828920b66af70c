/** An admin's request to (re)process a message: a new run, with the next attempt number. */
import { ConflictError, NotFoundError } from '#core/errors';
import type { Message, ProcessAudioInput } from '#core/messages/message';
import { canStartProcessing } from '#core/messages/status';
import type { PipelineStarter } from '../ports/pipeline-starter';
import { changeMessage, type MessageChangeDeps } from './message-changes';

/** What an admin's restart uses: the message and the pipeline (no audio: the steps fetch it). */
export type ProcessAudioDeps = MessageChangeDeps & { readonly pipeline: PipelineStarter };

/**
 * A restart that finds the message put into processing by another restart this recently returns that run:
 * it is the same click twice (or two operators at once). A run stuck longer than this can be restarted.
 */
export const RESTART_DEDUP_MS = 15_000;

/** What a message says when its restart could not be handed to the pipeline. */
export const PIPELINE_NOT_STARTED =
  'Processing could not be started (the pipeline did not answer). Retry Processing in a minute.';

/**
 * (Re)starts processing of a pending, stuck processing, or failed voice message as a new run (never a record
 * of something refused, core/messages/refused-inbound.ts). The message moves to
 * processing at once, with the new attempt number; two requests for the same message moments apart start
 * one run.
 */
export async function processAudio(deps: ProcessAudioDeps, input: ProcessAudioInput) {
  const message = await deps.messages.get(input.messageId);
  if (!message) throw new NotFoundError(`There is no message ${input.messageId}.`);
  if (message.refusal) {
    throw new ConflictError(
      'This is the record of something that was not a voice message (a picture, a text): there is nothing to process.',
    );
  }
  if (!canStartProcessing(message.status)) {
    throw new ConflictError('This message has already been processed: there is nothing to retry.');
  }
  if (!message.audio_url && !message.media_url) {
    throw new ConflictError('This message has no audio to process.');
  }
  const now = deps.clock();
  if (justRestarted(message, now)) {
    return { messageId: message.id, attempt: message.attempt ?? 1, started: false };
  }
  const current = message.attempt ?? 1;
  const next = current + 1;
  const moved = await changeMessage(deps, message.id, {
    to: 'processing',
    patch: { attempt: next, attempt_started_at: now, error_message: null, error_retryable: null },
    attempt: current,
  });
  if (!moved) {
    // Another restart won the conditional write a moment ago: its run is the one.
    const latest = await deps.messages.get(message.id);
    if (latest && justRestarted(latest, now)) {
      return { messageId: message.id, attempt: latest.attempt ?? next, started: false };
    }
    throw new ConflictError('The message changed while it was being restarted: refresh and try again.');
  }
  let started: boolean;
  try {
    ({ started } = await deps.pipeline.start({ messageId: message.id, attempt: next }));
  } catch (error) {
    // Nothing will run: the message must not sit in processing. Failed is retryable at once.
    await changeMessage(deps, message.id, {
      to: 'failed',
      patch: { error_message: PIPELINE_NOT_STARTED },
      attempt: next,
    });
    throw error;
  }
  return { messageId: message.id, attempt: next, started };
}

function justRestarted(message: Message, now: string): boolean {
  return (
    message.status === 'processing' &&
    message.attempt_started_at !== undefined &&
    Date.parse(now) - Date.parse(message.attempt_started_at) < RESTART_DEDUP_MS
  );
}
