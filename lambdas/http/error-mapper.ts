/**
 * The one place errors become HTTP responses. Domain errors carry a message written for people; anything
 * else is a bug or an outage, answered with a fixed message and logged in full for the operator.
 */
import { DomainError } from '#core/errors';

export type ErrorResponse = {
  readonly status: number;
  readonly body: { error: string; issues?: readonly { field: string; message: string }[] };
  readonly headers?: Record<string, string>;
};

const STATUS_BY_KIND: Record<DomainError['kind'], number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  unprocessable: 422,
  unavailable: 503,
};

export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a minute.';

export function mapError(error: unknown): ErrorResponse {
  if (error instanceof DomainError) {
    const status = STATUS_BY_KIND[error.kind];
    const body: ErrorResponse['body'] =
      'issues' in error && Array.isArray(error.issues) && error.issues.length > 0
        ? { error: error.message, issues: error.issues }
        : { error: error.message };
    return status === 401 ? { status, body, headers: { 'www-authenticate': 'Bearer' } } : { status, body };
  }
  return { status: 500, body: { error: UNEXPECTED_ERROR_MESSAGE } };
}
