import type { SettingsRecord } from '#core/operator/settings';

/** The single settings row (without secrets). */
export interface SettingsRepository {
  /** The saved row, or null when none was ever saved. */
  get(): Promise<SettingsRecord | null>;
  put(settings: SettingsRecord): Promise<void>;
}
