/**
 * Turns what the openai SDK throws into the pipeline's TransientError / PermanentError. The state machine
 * retries on the error's name only, and the message ends up on the dashboard, so every message says what the
 * operator can do and never carries the API key (OpenAI's own 401 text quotes part of it).
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { PermanentError, TransientError } from '#core/messages/pipeline-errors';
import { redactSecrets } from '../redact';

/** What the adapter was doing, for the message: e.g. `transcribing the voice message with whisper-1`. */
export type OpenAiCallContext = {
  readonly doing: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly secrets: readonly string[];
};

/** Maps an openai SDK error to TransientError or PermanentError; other errors are returned unchanged. */
export function mapOpenAiError(error: unknown, context: OpenAiCallContext): Error {
  if (error instanceof TransientError || error instanceof PermanentError) return error;
  // Timeout first: it is a subclass of APIConnectionError.
  if (error instanceof APIConnectionTimeoutError) {
    return new TransientError(
      `OpenAI did not answer within ${Math.round(context.timeoutMs / 1000)} s while ${context.doing}.`,
    );
  }
  if (error instanceof APIConnectionError) {
    return new TransientError(`Could not reach OpenAI while ${context.doing}: ${causeCode(error)}.`);
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    return mapStatus(error.status, error, context);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function mapStatus(status: number, error: APIError, context: OpenAiCallContext): Error {
  const detail = upstreamDetail(error, context.secrets);
  if (status === 401) {
    return new PermanentError('OpenAI rejected the API key (401): check it in Settings.');
  }
  if (status === 403) {
    return new PermanentError(
      `OpenAI refused access (403) while ${context.doing}: the key's project may not be allowed to use ` +
        `${context.model}, or the request comes from an unsupported region.${detail}`,
    );
  }
  if (status === 404) {
    return new PermanentError(
      `OpenAI does not offer the model "${context.model}" to this key (404): check the model name.${detail}`,
    );
  }
  if (status === 429 && error.code === 'insufficient_quota') {
    // A quota 429 will not clear by retrying minutes later; it needs billing action.
    return new PermanentError(
      'OpenAI says the account has no quota left (429 insufficient_quota): add credit or raise the limit ' +
        'at platform.openai.com, then retry the message.',
    );
  }
  if (status === 408 || status === 409 || status === 429 || status >= 500) {
    return new TransientError(`OpenAI answered ${status} while ${context.doing}; will retry.${detail}`);
  }
  return new PermanentError(`OpenAI rejected the request (${status}) while ${context.doing}.${detail}`);
}

/** OpenAI's own explanation ("Invalid file format…"), short and with anything key-like removed. */
function upstreamDetail(error: APIError, secrets: readonly string[]): string {
  const body = error.error as { message?: unknown } | undefined;
  const raw = typeof body?.message === 'string' ? body.message : '';
  const text = redactSecrets(raw, secrets).trim();
  if (!text) return '';
  return ` OpenAI said: ${text.length > 200 ? `${text.slice(0, 199)}…` : text}`;
}

function causeCode(error: APIConnectionError): string {
  const cause = error.cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = cause?.code ?? cause?.cause?.code;
  return typeof code === 'string' ? code : 'connection failed';
}
