/**
 * Issue 33: the Calls section's settings are saved and read back like the rest, those left out keep their
 * value, and a blank greeting or area code clears them back to the built-in greeting and any area code.
 */
import { describe, expect, it } from 'vitest';
import type { SecretName } from '#core/operator/settings';
import { settingsUpdateSchema } from '#core/operator/settings';
import type { SecretStore } from '../../lambdas/ports/secret-store';
import { getSettingsView, updateSettings } from '../../lambdas/use-cases/settings';
import { InMemorySettings, testClock } from '../support/in-memory-ports';

class NoSecrets implements SecretStore {
  async get(_name: SecretName) {
    return null;
  }
  async put() {}
}

const deps = () => ({
  settings: new InMemorySettings(),
  secrets: new NoSecrets(),
  clock: testClock('2026-11-24T09:00:00.000Z'),
  transcriptDays: 90,
});

describe('saving the Calls settings', () => {
  it('keeps what was saved, leaves the rest alone, and clears the greeting and area code with a blank', async () => {
    const service = deps();
    const save = (body: unknown) => updateSettings(service, settingsUpdateSchema.parse(body));
    expect(await getSettingsView(service)).toMatchObject({ call_greeting: null, call_max_seconds: 120 });
    await save({
      call_greeting: 'You reached Dana.',
      call_max_seconds: 90,
      call_silence_seconds: 8,
      missed_call_texts: false,
      forwarding_idle_texts: false,
      forwarding_area_code: '312',
      calls_per_subscriber_per_day: 12,
      call_minutes_per_subscriber_per_day: 40,
    });
    await save({ reply_mode: 'summary_only' });
    expect(await getSettingsView(service)).toMatchObject({
      reply_mode: 'summary_only',
      call_greeting: 'You reached Dana.',
      call_max_seconds: 90,
      call_silence_seconds: 8,
      missed_call_texts: false,
      forwarding_idle_texts: false,
      forwarding_area_code: '312',
      calls_per_subscriber_per_day: 12,
      call_minutes_per_subscriber_per_day: 40,
    });
    await save({ call_greeting: '  ', forwarding_area_code: null });
    expect(await getSettingsView(service)).toMatchObject({
      call_greeting: null,
      forwarding_area_code: null,
      call_max_seconds: 90,
    });
  });
});
