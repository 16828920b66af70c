/**
 * The one short-lived code store against real tables in dynalite: each kind writes the items its own adapter
 * wrote before the kinds became one, and reads the items those adapters left in the tables.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DynamoCardLinks,
  DynamoDeleteCodes,
  DynamoShortLivedCodes,
  DynamoUploadCodes,
} from '../../lambdas/adapters/aws/dynamo-short-lived-codes';
import { DELETE_CODES } from '../../lambdas/adapters/aws/short-lived-code-kinds';
import { startTestTables, type TestTables } from '../support/stand-ins';

let tables: TestTables;

beforeAll(async () => {
  tables = await startTestTables();
});

afterAll(async () => {
  await tables?.close();
});

const now = '2026-11-26T12:00:00.000Z';
const later = '2026-11-26T13:00:00.500Z';
/** `later` as the TTL of an item keyed by its hash (rounded up) and of one kept per number (rounded down). */
const upSeconds = Math.ceil(Date.parse(later) / 1000);
const downSeconds = Math.floor(Date.parse(later) / 1000);

async function item(table: string, key: Record<string, string>) {
  return (await tables.doc.send(new GetCommand({ TableName: table, Key: key }))).Item;
}

async function put(table: string, Item: Record<string, unknown>) {
  await tables.doc.send(new PutCommand({ TableName: table, Item }));
}

describe('the items each kind writes', () => {
  it('are the shapes the tables already hold', async () => {
    const { cardLinks, uploadCodes, counters } = tables.names;
    await new DynamoUploadCodes(tables.doc, uploadCodes, () => now).put('u1', {
      phoneNumber: '+14155550801',
      expiresAt: later,
    });
    expect(await item(uploadCodes, { code_hash: 'u1' })).toEqual({
      code_hash: 'u1',
      phone_number: '+14155550801',
      expires: later,
      expires_at: upSeconds,
    });
    expect(await item(uploadCodes, { code_hash: 'number#+14155550801' })).toEqual({
      code_hash: 'number#+14155550801',
      hashes: new Set(['u1']),
      expires_at: upSeconds,
    });
    await new DynamoCardLinks(tables.doc, cardLinks, () => now).put('c1', {
      messageId: 'm-shapes',
      kind: 'event',
      timeZone: 'America/Denver',
      madeAt: now,
      expiresAt: later,
    });
    expect(await item(cardLinks, { code_hash: 'message#m-shapes' })).toEqual({
      code_hash: 'message#m-shapes',
      hashes: new Set(['c1']),
      expires_at: upSeconds,
    });

    await new DynamoDeleteCodes(tables.doc, counters).put('+14155550802', 'hash-d', later);
    expect(await item(counters, { key: 'delete-code#+14155550802' })).toEqual({
      key: 'delete-code#+14155550802',
      code_hash: 'hash-d',
      tries: 0,
      expires_at: downSeconds,
    });
  });
});

describe('the items already in the tables', () => {
  it('read as they did: links by hash, revoked by their owner', async () => {
    const { cardLinks, uploadCodes } = tables.names;
    const common = { expires: later, expires_at: upSeconds };
    await put(uploadCodes, { code_hash: 'old-u', phone_number: '+14155550811', ...common });
    await put(uploadCodes, {
      code_hash: 'number#+14155550811',
      hashes: new Set(['old-u']),
      expires_at: upSeconds,
    });
    const link = { message_id: 'm-old', kind: 'contact', time_zone: 'America/Chicago', made_at: now };
    await put(cardLinks, { code_hash: 'old-c', ...link, ...common });
    await put(cardLinks, { code_hash: 'message#m-old', hashes: new Set(['old-c']), expires_at: upSeconds });

    const uploads = new DynamoUploadCodes(tables.doc, uploadCodes, () => now);
    const links = new DynamoCardLinks(tables.doc, cardLinks, () => now);
    expect(await uploads.get('old-u')).toEqual({ phoneNumber: '+14155550811', expiresAt: later });
    expect(await links.get('old-c')).toEqual({
      messageId: 'm-old',
      kind: 'contact',
      timeZone: 'America/Chicago',
      madeAt: now,
      expiresAt: later,
    });
    expect(await uploads.revokeAll('+14155550811')).toEqual(['old-u']);
    await links.revokeAll('m-old');
    expect(await uploads.get('old-u')).toBeNull();
    expect(await links.get('old-c')).toBeNull();
  });

  it('read as they did: a DELETE code with tries taken', async () => {
    const { counters } = tables.names;
    await put(counters, {
      key: 'delete-code#+14155550812',
      code_hash: 'h',
      tries: 1,
      expires_at: downSeconds,
    });

    const codes = new DynamoDeleteCodes(tables.doc, counters);
    expect(await codes.attempt('+14155550812', 'not-h', now, 3)).toBe('wrong');
    expect(await codes.attempt('+14155550812', 'not-h', now, 3)).toBe('spent');
    expect(await codes.attempt('+14155550812', 'h', now, 3)).toBe('none');
  });
});

describe('the verbs a kind has not used yet', () => {
  it("work for it as for the others: a card link used up once, a number's record revoked", async () => {
    const links = new DynamoCardLinks(tables.doc, tables.names.cardLinks, () => now);
    const link = {
      messageId: 'm-used',
      kind: 'contact',
      timeZone: 'UTC',
      madeAt: now,
      expiresAt: later,
    } as const;
    await links.put('c-used', link);
    const used = await Promise.all([links.consume('c-used'), links.consume('c-used')]);
    expect(used.filter(Boolean)).toEqual([link]);
    await expect(links.put('c-used', link)).resolves.toBeUndefined();
    await expect(links.put('c-used', link)).rejects.toThrow();

    const waiting = new DynamoShortLivedCodes(DELETE_CODES, tables.doc, tables.names.counters, () => now);
    await waiting.put('+14155550821', { codeHash: 'h-revoked', expiresAt: later });
    expect(await waiting.revokeAll('+14155550821')).toEqual(['+14155550821']);
    expect(await waiting.consume('+14155550821')).toBeNull();
    expect(await waiting.revokeAll('+14155550821')).toEqual([]);
  });
});
