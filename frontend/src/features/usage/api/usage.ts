import type { UsageReport } from '@core/operator/usage';
import { adminRequest } from '@/lib/admin-api';

/** GET /api/usage?days=N: the daily counters oldest first, their estimated cost, the totals. */
export function loadUsage(days: number, signal?: AbortSignal): Promise<UsageReport> {
  return adminRequest<UsageReport>(`/usage?days=${days}`, { signal });
}
