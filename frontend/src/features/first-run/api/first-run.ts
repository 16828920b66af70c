/**
 * What the first-run checklist reads and saves: the settings row (what is saved, and the checklist's own
 * record), the check of the saved Twilio account, and `first_run` (offline chosen, closed).
 */

import type { FirstRunUpdate } from '@core/operator/first-run';
import type { SettingsView } from '@core/operator/settings';
import { adminRequest } from '@/lib/admin-api';

export function loadSetupState(signal?: AbortSignal): Promise<SettingsView> {
  return adminRequest<SettingsView>('/settings', { signal });
}

export function saveFirstRun(update: FirstRunUpdate): Promise<SettingsView> {
  return adminRequest<SettingsView>('/settings', { method: 'PUT', body: { first_run: update } });
}

/** Whether Twilio accepts the saved account and number, in words (POST /api/settings/check/twilio). */
export function checkTwilio(
  signal?: AbortSignal,
): Promise<{ readonly ok: boolean; readonly message: string }> {
  return adminRequest('/settings/check/twilio', { method: 'POST', signal });
}
