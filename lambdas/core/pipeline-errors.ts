/**
 * Errors the voice pipeline throws. Step Functions matches Retry and Catch on the error's `name` (it becomes
 * the Lambda error type), so the names here are part of the state machine's contract
 * (lambdas/pipeline-steps.ts): only TransientError is retried; every name tells MarkFailed what went wrong.
 * Messages are written for the operator reading the dashboard: they end up in the message's error_message,
 * never a stack trace.
 */

/** Worth trying again: a timeout, a 429, a 5xx, a reset connection. The state machine retries with backoff. */
export class TransientError extends Error {
  override readonly name: string = 'TransientError';
}

/** Will fail the same way if tried again (bad key, not audio, no speech). The message is marked failed. */
export class PermanentError extends Error {
  override readonly name: string = 'PermanentError';
}

/** The audio has no audio stream, or cannot be decoded. */
export class NotAudioError extends PermanentError {
  override readonly name: string = 'NotAudioError';
}

/** The audio is over the 25 MB limit. */
export class AudioTooLargeError extends PermanentError {
  override readonly name: string = 'AudioTooLargeError';
}

/** The audio is longer than the deployment transcribes (a cost limit, and hours of silence are an attack). */
export class AudioTooLongError extends PermanentError {
  override readonly name: string = 'AudioTooLongError';
}

/** The audio decodes but holds no speech. */
export class NoSpeechError extends PermanentError {
  override readonly name: string = 'NoSpeechError';
  constructor(message = 'No speech detected in the voice message.') {
    super(message);
  }
}

/** A program or model the local engines need is not installed; the message says how to install it. */
export class DependencyMissingError extends PermanentError {
  override readonly name: string = 'DependencyMissingError';
}

/** The audio could not be fetched from the SMS provider (after retries, or refused). */
export class MediaDownloadError extends PermanentError {
  override readonly name: string = 'MediaDownloadError';
}

/** A newer attempt has taken over this message; the older run stops without touching it. */
export class SupersededError extends PermanentError {
  override readonly name: string = 'SupersededError';
}

/** The error names the state machine retries on (besides the Lambda service's own transient errors). */
export const RETRYABLE_ERROR_NAMES = ['TransientError'] as const;

/** Every error name the pipeline's own code throws, each with a message meant for people. */
export const PIPELINE_ERROR_NAMES = [
  'TransientError',
  'PermanentError',
  'NotAudioError',
  'AudioTooLargeError',
  'AudioTooLongError',
  'NoSpeechError',
  'DependencyMissingError',
  'MediaDownloadError',
  'SupersededError',
] as const;
