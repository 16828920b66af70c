import { errorMessage } from '@/lib/error-message';

const RETRY_FAILED = 'Retry failed';
const FAILED_TO_RETRY = 'Failed to retry processing';

/**
 * SPEC section 8, retry failure: the server's error text; "Retry failed" when it answered without one;
 * "Failed to retry processing" when there was no answer at all.
 */
export function retryErrorText(error: unknown): string {
  return errorMessage(error, {
    fallback: RETRY_FAILED,
    unreachable: FAILED_TO_RETRY,
    unexpected: FAILED_TO_RETRY,
  });
}
