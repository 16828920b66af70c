import { ValidationError } from '#core/errors';
import { linkDaysTooLong } from '#core/messages/retention';
import { CALL_SETTING_DEFAULTS } from '#core/operator/call-settings';
import { applyFirstRunUpdate } from '#core/operator/first-run';
import {
  DEFAULT_SETTINGS,
  LIMIT_DEFAULTS,
  maskSecret,
  SECRET_NAMES,
  type SettingsRecord,
  type SettingsUpdate,
  type SettingsView,
} from '#core/operator/settings';
import type { Clock } from '../ports/clock';
import type { SecretStore } from '../ports/secret-store';
import type { SettingsRepository } from '../ports/settings-repository';

export type SettingsDeps = { settings: SettingsRepository; secrets: SecretStore; clock: Clock };

const LIMIT_NAMES = Object.keys(LIMIT_DEFAULTS) as (keyof typeof LIMIT_DEFAULTS)[];

/** The settings row as an operator sees it: defaults until first saved, secrets masked. */
export async function getSettingsView(deps: SettingsDeps): Promise<SettingsView> {
  const [record, openAiKey, twilioToken] = await Promise.all([
    deps.settings.get(),
    deps.secrets.get('openai_api_key'),
    deps.secrets.get('twilio_auth_token'),
  ]);
  return {
    ...(record ?? DEFAULT_SETTINGS),
    openai_api_key: maskSecret(openAiKey),
    twilio_auth_token: maskSecret(twilioToken),
  };
}

const CALL_SETTING_NAMES = Object.keys(CALL_SETTING_DEFAULTS) as (keyof typeof CALL_SETTING_DEFAULTS)[];

/** What saving needs besides the row and the secrets: the days messages are kept, which no link outlives. */
export type SettingsUpdateDeps = SettingsDeps & { readonly transcriptDays: number };

/**
 * Saves the fields present in `update`; fields left out keep their value (so saving without retyping a
 * secret keeps it), null clears. Secrets go to the secret store, never to the settings table. A link
 * lifetime past the transcript retention is refused before anything is saved.
 */
export async function updateSettings(
  deps: SettingsUpdateDeps,
  update: SettingsUpdate,
): Promise<SettingsView> {
  if (update.message_link_days !== undefined && update.message_link_days > deps.transcriptDays) {
    const message = linkDaysTooLong(deps.transcriptDays);
    throw new ValidationError(`message_link_days: ${message}`, [{ field: 'message_link_days', message }]);
  }
  const current = (await deps.settings.get()) ?? DEFAULT_SETTINGS;
  const now = deps.clock();
  const next: SettingsRecord = { ...current, updated_at: now };
  if (update.reply_mode !== undefined) next.reply_mode = update.reply_mode;
  if (update.auto_reply_enabled !== undefined) next.auto_reply_enabled = update.auto_reply_enabled;
  if (update.message_link_enabled !== undefined) next.message_link_enabled = update.message_link_enabled;
  if (update.message_link_days !== undefined) next.message_link_days = update.message_link_days;
  if (update.twilio_account_sid !== undefined) next.twilio_account_sid = update.twilio_account_sid;
  if (update.twilio_phone_number !== undefined) next.twilio_phone_number = update.twilio_phone_number;
  if (update.accented_letters !== undefined) next.accented_letters = update.accented_letters;
  if (update.unit_prices !== undefined) next.unit_prices = { ...next.unit_prices, ...update.unit_prices };
  if (update.first_run !== undefined)
    next.first_run = applyFirstRunUpdate(next.first_run, update.first_run, now);
  for (const limit of LIMIT_NAMES) {
    const value = update[limit];
    if (value !== undefined) Object.assign(next, { [limit]: value });
  }
  // Issue 33's Calls section (core/operator/call-settings.ts): null clears the greeting and the area code.
  for (const name of CALL_SETTING_NAMES) {
    const value = update[name];
    if (value !== undefined) Object.assign(next, { [name]: value });
  }
  for (const name of SECRET_NAMES) {
    const value = update[name];
    if (value !== undefined) await deps.secrets.put(name, value);
  }
  await deps.settings.put(next);
  return getSettingsView(deps);
}

/** The saved settings, or the defaults before anything is saved (what the pipeline and the gate apply). */
export async function currentSettings(deps: {
  readonly settings: Pick<SettingsRepository, 'get'>;
}): Promise<SettingsRecord> {
  return (await deps.settings.get()) ?? DEFAULT_SETTINGS;
}
