/**
 * What a failed run means, by the error's name (Step Functions hands MarkFailed only the name and the
 * message): the reason on the card (message.error_message, read by the operator), the notice the sender
 * gets, whether processing the message again can end differently, and the cause the failure metric counts.
 * The table has a row for every pipeline error name, which the compiler checks, as http/error-mapper.ts
 * does for HTTP; names from outside our code (Step Functions' own, the Lambda service's) follow it.
 */

import type { FailureReason } from '#core/texts/service-texts';
import type { PipelineErrorName } from './pipeline-errors';

/** Why runs fail, in a few stable words an operator can count (the MessagesFailed metric's `cause`). */
export type FailureCause = FailureReason | 'timeout' | 'provider' | 'configuration';

/**
 * Every cause in a few words, for the usage chart's summary and table ("2 no speech"), in the order the
 * dashboard graphs them (a record, so the compiler makes the list complete).
 */
export const FAILURE_CAUSE_WORDS: Readonly<Record<FailureCause, string>> = {
  'no-speech': 'no speech',
  'not-english': 'not English',
  unclear: 'unclear audio',
  'unsupported-media': 'not audio',
  'too-large': 'too large',
  'too-long': 'too long',
  'download-failed': 'download failed',
  timeout: 'timed out',
  provider: 'provider error',
  configuration: 'configuration',
  internal: 'internal error',
};

/** Every failure cause the MessagesFailed metric counts. */
export const FAILURE_CAUSES = Object.keys(FAILURE_CAUSE_WORDS) as readonly FailureCause[];

/** What one kind of failure means. */
export type PipelineFailure = {
  /**
   * The card's reason. `said` is the error's own message (written for operators, stack already removed;
   * may be empty), `messageId` the message, for "check the logs".
   */
  readonly card: (said: string, messageId: string) => string;
  /** The notice texted to the sender (composeFailureNotice), or null for none. */
  readonly notice: FailureReason | null;
  /**
   * Whether Retry Processing can end differently. False for what is wrong with the recording itself: the
   * card then offers no retry that would fail the same way.
   */
  readonly retryable: boolean;
  readonly cause: FailureCause;
};

/** Ends the card of a failure Step Functions already retried. */
const RETRY_NOTE = 'We tried several times; use Retry Processing to try again.';

/**
 * Every pipeline error name. `null`: not a failure of the message. A superseded run stops without touching
 * a message that a newer run owns.
 */
export const PIPELINE_FAILURES = {
  TransientError: {
    card: (said) => `${said || 'A service we depend on did not answer.'} ${RETRY_NOTE}`,
    notice: 'internal',
    retryable: true,
    cause: 'provider',
  },
  // Bad credentials, a missing key, an invalid step input: fixed in Settings or by a deploy, then retried.
  PermanentError: {
    card: (said) => said || 'Processing failed.',
    notice: 'internal',
    retryable: true,
    cause: 'configuration',
  },
  NotAudioError: {
    card: (said) => said || 'The attachment is not audio in a format we can read.',
    notice: 'unsupported-media',
    retryable: false,
    cause: 'unsupported-media',
  },
  AudioTooLargeError: {
    card: (said) => said || 'The voice message is larger than 25 MB.',
    notice: 'too-large',
    retryable: false,
    cause: 'too-large',
  },
  AudioTooLongError: {
    card: (said) => said || 'The voice message is longer than the longest transcribed (Settings).',
    notice: 'too-long',
    retryable: false,
    cause: 'too-long',
  },
  NoSpeechError: {
    card: (said) => said || 'No speech detected in the voice message.',
    notice: 'no-speech',
    retryable: false,
    cause: 'no-speech',
  },
  // Offline transcription is English only: once an OpenAI key is saved, the cloud engine understands it.
  NotEnglishError: {
    card: (said) =>
      said ||
      'The voice message seems to be in another language: offline transcription understands English only. Save an OpenAI key in Settings, then Retry Processing.',
    notice: 'not-english',
    retryable: true,
    cause: 'not-english',
  },
  // A loop is the engine's failure on this audio, not the caller's; another engine (or model) may do better.
  TranscriptLoopError: {
    card: (said) => said || 'The transcript repeated the same words over and over; it was not sent.',
    notice: 'unclear',
    retryable: true,
    cause: 'unclear',
  },
  // The outbound gate records 21610 and reports it, so this reaches MarkFailed only from code that bypassed
  // the gate: our fault, counted as such.
  RecipientOptedOutError: {
    card: (said) => said || 'The sender opted out of text messages at the carrier (Twilio error 21610).',
    notice: null,
    retryable: false,
    cause: 'internal',
  },
  DependencyMissingError: {
    card: (said) => said || 'A program the local engines need is not installed.',
    notice: 'internal',
    retryable: true,
    cause: 'configuration',
  },
  // Twilio refused the download (credentials, a media link that expired): worth a retry once that is fixed.
  MediaDownloadError: {
    card: (said) => said || 'The voice message could not be downloaded from the SMS provider.',
    notice: 'download-failed',
    retryable: true,
    cause: 'download-failed',
  },
  SupersededError: null,
} as const satisfies Record<PipelineErrorName, PipelineFailure | null>;

const TIMEOUT: PipelineFailure = {
  card: () => `A processing step took too long and was stopped. ${RETRY_NOTE}`,
  notice: 'internal',
  retryable: true,
  cause: 'timeout',
};

const LAMBDA_SERVICE: PipelineFailure = {
  card: () => `The service had a temporary problem. ${RETRY_NOTE}`,
  notice: 'internal',
  retryable: true,
  cause: 'internal',
};

/** An error none of our code names: a bug. Its details stay in the logs. */
const UNEXPECTED: PipelineFailure = {
  card: (_said, messageId) =>
    `Processing failed because of an unexpected error. Retry Processing; if it fails again, check the logs for message ${messageId}.`,
  notice: 'internal',
  retryable: true,
  cause: 'internal',
};

/** What a failure with this error name means; null when it is no failure of the message (superseded). */
export function pipelineFailure(name: string): PipelineFailure | null {
  if (Object.hasOwn(PIPELINE_FAILURES, name)) return PIPELINE_FAILURES[name as PipelineErrorName];
  if (name === 'States.Timeout') return TIMEOUT;
  if (name.startsWith('Lambda.')) return LAMBDA_SERVICE;
  return UNEXPECTED;
}

/** An error's message as the card may show it: no stack, at most 500 characters. */
export function cleanErrorMessage(message: string): string {
  return message
    .replace(/\s+at\s.+$/s, '')
    .trim()
    .slice(0, 500);
}

/** Step Functions puts `{ Error, Cause }` at $.error; in AWS Cause is the Lambda's JSON error report. */
export function parseCaughtError(
  error: { readonly Error?: string | undefined; readonly Cause?: string | undefined } | undefined,
): { readonly name: string; readonly message: string } {
  const name = error?.Error ?? 'Error';
  const cause = error?.Cause ?? '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string') return { name, message: parsed.errorMessage };
  } catch {}
  return { name, message: cause };
}
