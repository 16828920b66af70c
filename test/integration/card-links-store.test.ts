/** The links of MMS attachments (CARDS ON) in DynamoDB, against a real table in dynalite. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoCardLinks } from '../../lambdas/adapters/aws/dynamo-short-lived-codes';
import type { CardLink } from '../../lambdas/ports/short-lived-codes';
import { startTestTables, type TestTables } from '../support/stand-ins';

let tables: TestTables;

beforeAll(async () => {
  tables = await startTestTables();
});

afterAll(async () => {
  await tables?.close();
});

const link = (messageId: string, expiresAt: string, kind: CardLink['kind'] = 'contact'): CardLink => ({
  messageId,
  kind,
  timeZone: 'America/Chicago',
  madeAt: '2026-11-26T10:00:00.000Z',
  expiresAt,
});

describe('card links', () => {
  const now = () => '2026-11-26T12:00:00.000Z';
  const later = '2026-12-26T10:00:00.000Z';

  it('keeps a link by its hash with a TTL, and reads it back until it expires', async () => {
    const store = new DynamoCardLinks(tables.doc, tables.names.cardLinks, now);
    await store.put('h-contact', link('m1', later));
    await store.put('h-old', link('m1', '2026-11-26T11:00:00.000Z', 'event'));
    expect(await store.get('h-contact')).toEqual(link('m1', later));
    // dynalite, like DynamoDB between expiry and its TTL deletion, still holds the item: reads skip it.
    expect(await store.get('h-old')).toBeNull();
    expect(await store.get('h-unknown')).toBeNull();
    const { Item } = await tables.doc.send(
      new GetCommand({ TableName: tables.names.cardLinks, Key: { code_hash: 'h-contact' } }),
    );
    expect(Item?.expires_at).toBe(Date.parse(later) / 1000);
    // Nothing of the message is kept: which message, which card, its zone and times.
    expect(Object.keys(Item ?? {}).sort()).toEqual(
      ['code_hash', 'expires', 'expires_at', 'kind', 'made_at', 'message_id', 'time_zone'].sort(),
    );
  });

  it("forgets every link of a message when it is erased, and only that message's", async () => {
    const store = new DynamoCardLinks(tables.doc, tables.names.cardLinks, now);
    await store.put('e1', link('m-erased', later));
    await store.put('e2', link('m-erased', later, 'event'));
    await store.put('k1', link('m-kept', later));
    await store.revokeAll('m-erased');
    expect(await store.get('e1')).toBeNull();
    expect(await store.get('e2')).toBeNull();
    expect(await store.get('k1')).toMatchObject({ messageId: 'm-kept' });
    await store.revokeAll('m-erased');
    await store.revokeAll('m-never');
  });
});
