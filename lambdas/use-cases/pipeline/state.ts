/**
 * What every pipeline step shares: the state Step Functions passes between them (validated where each step
 * receives it), and the two rules that make a step safe to run again: it reads only a message its run owns
 * (its `attempt`), and writes only while that is still so.
 */
import * as z from 'zod';
import type { Message } from '#core/messages/message';
import { PermanentError, SupersededError } from '#core/messages/pipeline-errors';
import { changeMessage, type MessageChangeDeps } from '../message-changes';

const preparedAudioSchema = z.object({
  key: z.string(),
  contentType: z.string(),
  fileName: z.string(),
  durationSeconds: z.number().nullable(),
  sampleRateHz: z.number().nullable(),
});
export type PreparedAudio = z.infer<typeof preparedAudioSchema>;

export const pipelineStateSchema = z.looseObject({
  messageId: z.string().min(1),
  attempt: z.number().int().positive(),
  audio: preparedAudioSchema.optional(),
  decision: z.object({ send: z.boolean(), reason: z.string() }).optional(),
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});
export type PipelineState = z.infer<typeof pipelineStateSchema>;

/** The run's message; throws when it is missing or a newer run has taken it over. */
export async function loadOwned(
  deps: Pick<MessageChangeDeps, 'messages'>,
  state: PipelineState,
): Promise<Message> {
  const message = await deps.messages.get(state.messageId);
  if (!message) throw new PermanentError(`Message ${state.messageId} does not exist.`);
  if ((message.attempt ?? 1) !== state.attempt) {
    throw new SupersededError(
      `A newer processing run (attempt ${message.attempt}) has taken over this message.`,
    );
  }
  return message;
}

/** Writes `patch` while the message is processing and still owned by this run. */
export async function record(
  deps: MessageChangeDeps,
  state: PipelineState,
  patch: Parameters<typeof changeMessage>[2]['patch'],
) {
  const updated = await changeMessage(deps, state.messageId, {
    whileIn: ['processing'],
    patch,
    attempt: state.attempt,
  });
  if (!updated) throw new SupersededError('The message is no longer being processed by this run.');
  return updated;
}
