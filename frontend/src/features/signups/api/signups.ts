import type { SignupRecord } from '@core/schemas';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { adminRequest, adminToken } from '@/lib/admin-api';
import { ApiError } from '@/lib/api-client';

export type SignupsPage = { readonly total: number; readonly signups: readonly SignupRecord[] };

/** The total and the 10 latest sign-ups. */
export function latestSignups(signal?: AbortSignal): Promise<SignupsPage> {
  return adminRequest<SignupsPage>('/signups?limit=10', { signal });
}

/** Every sign-up as a CSV file, downloaded by the browser. */
export async function downloadSignupsCsv(): Promise<void> {
  const [{ apiBaseUrl }, token] = await Promise.all([loadRuntimeConfig(), adminToken()]);
  const response = await fetch(`${apiBaseUrl}/signups/export`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, null);
  });
  if (!response.ok) throw new ApiError(response.status, null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `signups-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
