/**
 * Typed domain errors. Use cases throw these; exactly one mapper (lambdas/http/error-mapper.ts) turns them
 * into HTTP responses. Messages are written for the person reading them, never a stack trace.
 */
export type FieldIssue = { readonly field: string; readonly message: string };

export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'validation'
    | 'unauthorized'
    | 'forbidden'
    | 'not-found'
    | 'conflict'
    | 'payload-too-large'
    | 'unsupported-media-type'
    | 'unprocessable'
    | 'unavailable';
}

/** The input was understood but is not acceptable; `issues` names each field that is wrong. */
export class ValidationError extends DomainError {
  readonly kind = 'validation';
  constructor(
    message: string,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** No credentials, or credentials that are not valid. */
export class UnauthorizedError extends DomainError {
  readonly kind = 'unauthorized';
  constructor(message = 'Sign in to continue.') {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/** Valid credentials that do not allow this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
  constructor(message = 'Your account is not allowed to do this.') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** The thing exists but is not in a state that allows the request (for example a status change). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly kind = 'payload-too-large';
  constructor(message: string) {
    super(message);
    this.name = 'PayloadTooLargeError';
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly kind = 'unsupported-media-type';
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedMediaTypeError';
  }
}

/** The input has the right type but cannot be used, e.g. an audio file that is cut off or damaged. */
export class UnprocessableError extends DomainError {
  readonly kind = 'unprocessable';
  constructor(message: string) {
    super(message);
    this.name = 'UnprocessableError';
  }
}

/** A dependency (database, storage, provider) did not answer; the request may be retried. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}
