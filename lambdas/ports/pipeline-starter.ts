import type { PipelineInput } from '#core/messages/pipeline-run';

/**
 * Starts a run of the voice pipeline. Each (messageId, attempt) is one run: starting the same one again
 * starts nothing (`started: false`), which makes retried webhooks and double clicks harmless.
 */
export interface PipelineStarter {
  start(input: PipelineInput): Promise<{ readonly started: boolean }>;
}
