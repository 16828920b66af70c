import type { Message } from '@core/messages/message';
import { useState } from 'react';
import { processAudio } from '../api/messages';
import { retryErrorText } from '../utils/retry-error';

/**
 * The row's action (Process Now, Retry Now, Retry Processing): POST process-audio once at a time, and what went
 * wrong in SPEC section 8's words. The new status arrives by the live update (or the next Refresh).
 */
export function useRetry(message: Message) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const retry = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await processAudio(message);
    } catch (error) {
      setFailure(retryErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, retry };
}
