import type { SettingsRecord } from '#core/messages/schemas';

/** The single settings row (without secrets). */
export interface SettingsRepository {
  /** The saved row, or null when none was ever saved. */
  get(): Promise<SettingsRecord | null>;
  put(settings: SettingsRecord): Promise<void>;
}
