import type { SettingsUpdateInput, SettingsView } from '@core/operator/settings';
import { adminRequest } from '@/lib/admin-api';

/** SPEC: "Select one row of app_settings" (secrets come back masked). */
export function loadSettings(signal?: AbortSignal): Promise<SettingsView> {
  return adminRequest<SettingsView>('/settings', { signal });
}

/** SPEC: "Update app_settings by id, or insert it when absent". Fields left out keep their saved value. */
export function saveSettings(update: SettingsUpdateInput): Promise<SettingsView> {
  return adminRequest<SettingsView>('/settings', { method: 'PUT', body: update });
}

export type CredentialCheck = { readonly ok: boolean; readonly message: string };

/** Asks the server whether the saved credentials of a provider work (OpenAI key; Twilio SID, token, number). */
export function checkCredentials(provider: 'openai' | 'twilio'): Promise<CredentialCheck> {
  return adminRequest<CredentialCheck>(`/settings/check/${provider}`, { method: 'POST' });
}
