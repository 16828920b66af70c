/**
 * A run of the voice pipeline: which message, and which attempt (1 for the first run, +1 for each retry from
 * the dashboard). It is Step Functions' execution input, and it names the execution, so starting the same run
 * twice starts nothing.
 */
export type PipelineInput = { readonly messageId: string; readonly attempt: number };

/** The execution name for a run: unique per message and attempt, within Step Functions' 80 characters. */
export function executionName({ messageId, attempt }: PipelineInput): string {
  return `${messageId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 70)}-a${attempt}`;
}
