import { ApiError } from '@/lib/api-client';

export const RETRY_FAILED = 'Retry failed';
export const FAILED_TO_RETRY = 'Failed to retry processing';

/**
 * SPEC section 8, retry failure: the server's error text; "Retry failed" when it answered without one;
 * "Failed to retry processing" when there was no answer at all.
 */
export function retryErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    return error.status === 0 ? FAILED_TO_RETRY : RETRY_FAILED;
  }
  return FAILED_TO_RETRY;
}
