/**
 * Errors the voice pipeline throws. Step Functions matches Retry and Catch on the error's `name` (it becomes
 * the Lambda error type), so the names here are part of the state machine's contract
 * (lambdas/handlers/pipeline/pipeline-steps.ts): only TransientError is retried; every name tells MarkFailed what went wrong.
 * Messages are written for the operator reading the dashboard: they end up in the message's error_message,
 * never a stack trace. What each name means on the card and to the sender is in core/messages/pipeline-failures.ts.
 */
import { tooLongText } from '#core/audio/audio-length';

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

/** The audio is over the size limit (25 MB): the media fetcher stops the download as soon as it passes it. */
export class AudioTooLargeError extends PermanentError {
  override readonly name: string = 'AudioTooLargeError';
  constructor(readonly limitBytes: number) {
    const mb = limitBytes / (1024 * 1024);
    super(
      `The voice message is larger than ${mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${limitBytes} bytes`}.`,
    );
  }
}

/** The audio is longer than the deployment transcribes (a cost limit, and hours of silence are an attack). */
export class AudioTooLongError extends PermanentError {
  override readonly name: string = 'AudioTooLongError';
  constructor(
    readonly durationSeconds: number,
    readonly longestSeconds: number,
  ) {
    super(`The voice message is ${tooLongText(durationSeconds, longestSeconds)} (Settings).`);
  }
}

/** The SMS provider refused: the recipient opted out at the carrier (Twilio error 21610). */
export class RecipientOptedOutError extends PermanentError {
  override readonly name: string = 'RecipientOptedOutError';
}

/** The audio decodes but holds no speech. */
export class NoSpeechError extends PermanentError {
  override readonly name: string = 'NoSpeechError';
  constructor(message = 'No speech detected in the voice message.') {
    super(message);
  }
}

/** The offline engine's output is most likely not English: it understands English only (core/transcripts/transcript-quality.ts). */
export class NotEnglishError extends PermanentError {
  override readonly name: string = 'NotEnglishError';
  constructor(
    message = 'The voice message seems to be in another language: offline transcription understands English only. Save an OpenAI key in Settings, then Retry Processing.',
  ) {
    super(message);
  }
}

/** The transcript is a repetition loop (the same words over and over): invented text, never sent. */
export class TranscriptLoopError extends PermanentError {
  override readonly name: string = 'TranscriptLoopError';
  constructor(
    message = 'The transcript repeats the same words over and over, which the speech engine does when it cannot follow the audio; it was not sent.',
  ) {
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

/** Every error the pipeline's own code throws, by name: the keys are the names Step Functions matches on. */
export const PIPELINE_ERRORS = {
  TransientError,
  PermanentError,
  NotAudioError,
  AudioTooLargeError,
  AudioTooLongError,
  NoSpeechError,
  NotEnglishError,
  TranscriptLoopError,
  RecipientOptedOutError,
  DependencyMissingError,
  MediaDownloadError,
  SupersededError,
} as const;

/** The name of an error the pipeline throws (each has a row in core/messages/pipeline-failures.ts). */
export type PipelineErrorName = keyof typeof PIPELINE_ERRORS;

/** Every error name the pipeline's own code throws, each with a message meant for people. */
export const PIPELINE_ERROR_NAMES = Object.keys(PIPELINE_ERRORS) as readonly PipelineErrorName[];
