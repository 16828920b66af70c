import type { RunView } from '@core/messages/run-steps';
import { adminRequest } from '@/lib/admin-api';

/** The message's runs step by step, its reply parts and its estimated cost ("Details"). */
export function loadMessageRun(messageId: string, signal?: AbortSignal): Promise<RunView> {
  return adminRequest<RunView>(`/messages/${encodeURIComponent(messageId)}/run`, { signal });
}
