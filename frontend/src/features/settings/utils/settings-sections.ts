/**
 * The sections Settings is split into, in the order the dialog lists them, and which section each saved field
 * is edited in (so a problem the form or the API finds can be shown where its field is).
 */
import type { SettingsUpdateInput } from '@core/operator/settings';
import type { FieldErrors } from './settings-form';

export const SETTINGS_SECTIONS = [
  { id: 'reply', label: 'Reply' },
  { id: 'limits', label: 'Limits and budget' },
  { id: 'calls', label: 'Calls' },
  { id: 'providers', label: 'Providers and keys' },
  { id: 'prices', label: 'Prices' },
  { id: 'setup', label: 'Setup' },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

/** The sections that are part of the settings form; Setup only checks and tries what is saved. */
export type FormSection = Exclude<SettingsSection, 'setup'>;

/** Every field the API takes (a new one must be placed), null for the one the form never sends. */
const FIELD_SECTIONS: Record<keyof SettingsUpdateInput, FormSection | null> = {
  reply_mode: 'reply',
  accented_letters: 'reply',
  auto_reply_enabled: 'reply',
  message_link_enabled: 'reply',
  message_link_days: 'reply',
  default_time_zone: 'reply',
  max_duration_minutes: 'limits',
  voice_messages_per_sender_per_day: 'limits',
  segments_per_number_per_hour: 'limits',
  segments_per_number_per_day: 'limits',
  service_segments_per_day: 'limits',
  full_per_number_per_day: 'limits',
  upload_links_per_number_per_day: 'limits',
  replies_per_sender_per_hour: 'limits',
  reply_countries: 'limits',
  openai_api_key: 'providers',
  twilio_account_sid: 'providers',
  twilio_auth_token: 'providers',
  twilio_phone_number: 'providers',
  call_greeting: 'calls',
  call_max_seconds: 'calls',
  call_silence_seconds: 'calls',
  missed_call_texts: 'calls',
  forwarding_idle_texts: 'calls',
  forwarding_area_code: 'calls',
  calls_per_subscriber_per_day: 'calls',
  call_minutes_per_subscriber_per_day: 'calls',
  unit_prices: 'prices',
  // The checklist on the home screen saves it.
  first_run: null,
};

/** The sections holding a field with a problem, in the dialog's order. */
export function sectionsWithErrors(errors: FieldErrors): SettingsSection[] {
  const names = new Set<SettingsSection | null>(
    Object.entries(errors)
      .filter(([, message]) => message)
      .map(([field]) => FIELD_SECTIONS[field as keyof SettingsUpdateInput]),
  );
  return SETTINGS_SECTIONS.map((section) => section.id).filter((id) => names.has(id));
}
