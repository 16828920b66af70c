import { describe, expect, it } from 'vitest';
import type { SecretName } from '#core/operator/settings';
import { DEFAULT_SETTINGS, settingsRecordSchema, settingsUpdateSchema } from '#core/operator/settings';
import type { SecretStore } from '../../lambdas/ports/secret-store';
import { getSettingsView, updateSettings } from '../../lambdas/use-cases/settings';
import { InMemorySettings, testClock } from '../support/in-memory-ports';

class MemorySecrets implements SecretStore {
  readonly values = new Map<SecretName, string>();
  async get(name: SecretName) {
    return this.values.get(name) ?? null;
  }
  async put(name: SecretName, value: string | null) {
    if (value === null) this.values.delete(name);
    else this.values.set(name, value);
  }
}

function service() {
  const clock = testClock('2026-11-24T09:00:00.000Z');
  const deps = { settings: new InMemorySettings(), secrets: new MemorySecrets(), clock, transcriptDays: 90 };
  const save = (body: unknown) => updateSettings(deps, settingsUpdateSchema.parse(body));
  return { deps, clock, save };
}

describe('the first-run checklist in the settings row', () => {
  it('shows on a fresh service, and on a row saved before the checklist existed', async () => {
    const { deps } = service();
    expect((await getSettingsView(deps)).first_run).toEqual({ offline_chosen: false, closed_at: null });
    const { first_run: _none, ...older } = DEFAULT_SETTINGS;
    expect(settingsRecordSchema.parse(older).first_run).toEqual({ offline_chosen: false, closed_at: null });
  });

  it('remembers "use offline", and the time it was closed, the first time only', async () => {
    const { save, clock } = service();
    expect((await save({ first_run: { offline_chosen: true } })).first_run).toEqual({
      offline_chosen: true,
      closed_at: null,
    });
    clock.advance(60_000);
    expect((await save({ first_run: { closed: true } })).first_run).toEqual({
      offline_chosen: true,
      closed_at: '2026-11-24T09:01:00.000Z',
    });
    clock.advance(60_000);
    const again = await save({ first_run: { closed: true }, reply_mode: 'summary_only' });
    expect(again.first_run.closed_at).toBe('2026-11-24T09:01:00.000Z');
  });

  it('keeps the checklist as it was when the settings form saves without it, and reopens it on request', async () => {
    const { save } = service();
    await save({ first_run: { closed: true, offline_chosen: true } });
    expect((await save({ reply_mode: 'summary_only' })).first_run.closed_at).not.toBeNull();
    expect((await save({ first_run: { closed: false } })).first_run).toEqual({
      offline_chosen: true,
      closed_at: null,
    });
  });

  it('refuses anything else in first_run, naming the field', () => {
    const refusal = (body: unknown) => settingsUpdateSchema.safeParse(body).error?.issues[0]?.message;
    expect(refusal({ first_run: { closed: 'yes' } })).toBe('first_run.closed must be true or false.');
    expect(refusal({ first_run: { offline_chosen: 1 } })).toBe(
      'first_run.offline_chosen must be true or false.',
    );
    expect(
      settingsUpdateSchema.safeParse({ first_run: { closed_at: '2026' } }).error?.issues[0],
    ).toMatchObject({
      code: 'unrecognized_keys',
      path: ['first_run'],
      keys: ['closed_at'],
    });
    expect(refusal({ first_run: 'done' })).toBe(
      'first_run takes offline_chosen and closed, each true or false.',
    );
  });
});
