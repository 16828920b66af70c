/** The live list's channel key in a real settings table (dynalite, own instance for this file). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '#core/operator/settings';
import { DynamoLiveChannelStore } from '../../lambdas/adapters/aws/dynamo-live-channel-store';
import { DynamoSettingsRepository } from '../../lambdas/adapters/aws/dynamo-settings-repository';
import { startTestTables, type TestTables } from '../support/stand-ins';

let tables: TestTables;

beforeAll(async () => {
  tables = await startTestTables();
});

afterAll(async () => {
  await tables?.close();
});

describe('the live channel key', () => {
  it('is made once: readers that find none at the same moment all get the same key, 128 random bits', async () => {
    const stores = Array.from(
      { length: 8 },
      () => new DynamoLiveChannelStore(tables.doc, tables.names.settings),
    );
    const keys = await Promise.all(stores.map((store) => store.current()));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(await stores[0]!.current()).toBe(keys[0]);
  });

  it('is replaced by a new one, and the replacement names the key it replaced; every reader sees the new key', async () => {
    const store = new DynamoLiveChannelStore(tables.doc, tables.names.settings);
    const other = new DynamoLiveChannelStore(tables.doc, tables.names.settings);
    const before = await store.current();
    const { previous, current } = await store.replace();
    expect(previous).toBe(before);
    expect(current).not.toBe(before);
    expect(current).toMatch(/^[0-9a-f]{32}$/);
    expect(await other.current()).toBe(current);
  });

  it('retired by a password reset, keeps the old key for one publisher to announce (issue 31)', async () => {
    const store = new DynamoLiveChannelStore(tables.doc, tables.names.settings);
    const before = await store.current();
    await store.retire();
    const after = await store.current();
    expect(after).not.toBe(before);
    await store.retire();
    // Two publishers at once: one takes both retired keys, the other none.
    const taken = await Promise.all([store.takeUnannounced(), store.takeUnannounced()]);
    expect(taken.flat().sort()).toEqual([before, after].sort());
    expect(taken.some((keys) => keys.length === 0)).toBe(true);
    expect(await store.takeUnannounced()).toEqual([]);
  });

  it('lives beside the settings row without touching it', async () => {
    const settings = new DynamoSettingsRepository(tables.doc, tables.names.settings);
    const saved = { ...DEFAULT_SETTINGS, updated_at: '2026-11-24T00:00:00.000Z' };
    await settings.put(saved);
    await new DynamoLiveChannelStore(tables.doc, tables.names.settings).replace();
    expect(await settings.get()).toEqual(saved);
  });
});
