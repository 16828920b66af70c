import type { PipelineInput } from '../handlers/pipeline/pipeline-steps';

/**
 * Starts a run of the voice pipeline. Each (messageId, attempt) is one run: starting the same one again
 * starts nothing (`started: false`), which makes retried webhooks and double clicks harmless.
 */
export interface PipelineStarter {
  start(input: PipelineInput): Promise<{ readonly started: boolean }>;
}

/** The execution name for a run: unique per message and attempt, within Step Functions' 80 characters. */
export function executionName({ messageId, attempt }: PipelineInput): string {
  return `${messageId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 70)}-a${attempt}`;
}
