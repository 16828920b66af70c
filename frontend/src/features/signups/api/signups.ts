import type { SignupRecord } from '@core/senders/signup';
import { adminDownload, adminRequest } from '@/lib/admin-api';
import { saveBlob } from '@/lib/save-blob';

export type SignupsPage = { readonly total: number; readonly signups: readonly SignupRecord[] };

/** The total and the 10 latest sign-ups. */
export function latestSignups(signal?: AbortSignal): Promise<SignupsPage> {
  return adminRequest<SignupsPage>('/signups?limit=10', { signal });
}

/** Every sign-up as a CSV file, downloaded by the browser. */
export async function downloadSignupsCsv(): Promise<void> {
  const response = await adminDownload('/signups/export', 'text/csv');
  saveBlob(await response.blob(), `signups-${new Date().toISOString().slice(0, 10)}.csv`);
}
