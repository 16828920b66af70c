/**
 * Errors the voice pipeline throws. Step Functions matches Retry and Catch on the error's `name`, so the
 * names here are part of the state machine's contract (lambdas/pipeline-steps.ts). Messages are written for
 * the operator reading the dashboard: they end up in the message's error_message, never a stack trace.
 */

/** Worth trying again: a timeout, a 429, a 5xx, a reset connection. The state machine retries with backoff. */
export class TransientError extends Error {
  override readonly name = 'TransientError';
}

/** Will fail the same way if tried again (bad key, not audio, no speech). The message is marked failed. */
export class PermanentError extends Error {
  override readonly name = 'PermanentError';
}

/** The audio has no audio stream, or cannot be decoded. */
export class NotAudioError extends PermanentError {}

/** The audio decodes but holds no speech. */
export class NoSpeechError extends PermanentError {
  constructor(message = 'No speech detected in the voice message.') {
    super(message);
  }
}

/** A program or model the local engines need is not installed; the message says how to install it. */
export class DependencyMissingError extends PermanentError {}

/** The error names the state machine retries on (besides the Lambda service's own transient errors). */
export const RETRYABLE_ERROR_NAMES = ['TransientError'] as const;
