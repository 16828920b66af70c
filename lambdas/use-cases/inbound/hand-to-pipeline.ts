/** How a new message is handed to the pipeline, shared by the webhook's voice messages and test uploads. */
import type { Message } from '#core/messages/message';
import type { PipelineStarter } from '../../ports/pipeline-starter';

/** What starting a first run uses: the pipeline, and where to report that it could not start. */
export type FirstRunDeps = {
  readonly pipeline: PipelineStarter;
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/** Starts the first run of a message; a failure to start leaves it pending for "Process Now". */
export async function startFirstRun(deps: FirstRunDeps, message: Message): Promise<boolean> {
  try {
    return (await deps.pipeline.start({ messageId: message.id, attempt: message.attempt ?? 1 })).started;
  } catch (error) {
    deps.warn('Processing could not be started; the message waits for Process Now', {
      messageId: message.id,
      error: (error as Error).message,
    });
    return false;
  }
}
