/** The pipeline's steps in the words an operator reads (state names as the run records them). */
const STEP_LABELS: Record<string, string> = {
  MarkProcessing: 'Started',
  PrepareAudio: 'Prepare audio',
  Transcribe: 'Transcribe',
  Summarize: 'Summarize',
  DecideReply: 'Decide reply',
  SendReply: 'Send reply',
  MarkCompleted: 'Completed',
  MarkFailed: 'Marked failed',
};

export function stepLabel(step: string): string {
  return STEP_LABELS[step] ?? step;
}

/** A step's duration: "120 ms", "1.4 s", "2 min 5 s". */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
