import type { ForwardingNumbersReport } from '@core/calls/forwarding-number-view';
import { adminRequest } from '@/lib/admin-api';

/** The subscribers' forwarding numbers with this month's cost (GET /api/forwarding-numbers). */
export function loadForwardingNumbers(signal?: AbortSignal): Promise<ForwardingNumbersReport> {
  return adminRequest<ForwardingNumbersReport>('/forwarding-numbers', { signal });
}
