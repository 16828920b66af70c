/** The one place a failed request becomes words for a person (every panel and form asks here). */
import { ApiError } from '@/lib/api-client';

/** What a caller says when the server gives no words of its own. */
export type FailureWords = {
  /** The server answered without a message. */
  readonly fallback: string;
  /** The server could not be reached. @default fallback */
  readonly unreachable?: string;
  /** Anything that is not an API error (a bug, a failed file read). @default fallback */
  readonly unexpected?: string;
};

/** The server's own words when it sent any, else the caller's words for what happened. */
export function errorMessage(error: unknown, words: FailureWords): string {
  if (!(error instanceof ApiError)) return words.unexpected ?? words.fallback;
  if (error.serverMessage) return error.serverMessage;
  return error.status === 0 ? (words.unreachable ?? words.fallback) : words.fallback;
}

/** The first message the server gave for each field it named (`{}` for any other failure). */
export function fieldMessages(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (error instanceof ApiError) for (const issue of error.issues) found[issue.field] ??= issue.message;
  return found;
}
