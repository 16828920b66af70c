/**
 * The forwarded calls' records (issue 33) in real tables, in dynalite (own instance for this file): DELETE
 * erases a subscriber's calls through the `subscriber` index, page by page, and nobody else's; a callback
 * that comes afterwards does not bring a call back; a local table made before the index gets it, calls kept.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  ScanCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Call } from '#core/calls/call';
import { createTables, tableNames } from '../../lambdas/adapters/aws/create-tables';
import { DynamoCallRepository } from '../../lambdas/adapters/aws/dynamo-calls';
import { startTestTables, type TestTables } from '../support/stand-ins';

const SUBSCRIBER = '+13125550100';
const OTHER = '+13125550200';

let tables: TestTables;

beforeAll(async () => {
  tables = await startTestTables();
});

afterAll(async () => {
  await tables?.close();
});

let sids = 0;
function call(subscriber: string, startedAt = new Date().toISOString()): Call {
  return {
    call_sid: `CA${String(++sids).padStart(32, '0')}`,
    to: subscriber === SUBSCRIBER ? '+13125559000' : '+13125559001',
    subscriber,
    caller: '+13125550147',
    started_at: startedAt,
    recorded_seconds: null,
    message_id: null,
    missed_handled: false,
  };
}

/** The call_sid of every item in a calls table, expired or not (what the table still holds). */
async function storedSids(table: string): Promise<string[]> {
  const { Items } = await tables.client.send(new ScanCommand({ TableName: table, ConsistentRead: true }));
  return (Items ?? []).map((item) => item.call_sid!.S!).sort();
}

describe("a subscriber's calls (what DELETE erases)", () => {
  it('are all deleted, over more than one page of the index and past their TTL too, and nobody else’s', async () => {
    const repo = new DynamoCallRepository(tables.doc, tables.names.calls);
    // More than one page (100) of the index: a busy day at the highest calls a day Settings allow is 500.
    const mine = Array.from({ length: 104 }, (_, i) =>
      call(SUBSCRIBER, `2026-11-28T10:${String(i % 60).padStart(2, '0')}:00.000Z`),
    );
    // Past its TTL but not yet removed (DynamoDB's TTL lags; dynalite has none): the item still holds the number.
    mine.push(call(SUBSCRIBER, '2026-01-01T00:00:00.000Z'));
    const theirs = [call(OTHER), call(OTHER)];
    for (const each of [...mine, ...theirs]) expect(await repo.create(each)).toBe(true);

    const sent = vi.spyOn(tables.doc, 'send');
    expect(await repo.deleteBySubscriber(SUBSCRIBER)).toBe(105);
    expect(sent.mock.calls.filter(([command]) => command instanceof QueryCommand)).toHaveLength(2);
    sent.mockRestore();

    expect(await storedSids(tables.names.calls)).toEqual(theirs.map((c) => c.call_sid).sort());
    expect(await repo.get(theirs[0]!.call_sid)).toMatchObject({ subscriber: OTHER, caller: '+13125550147' });
    expect(await repo.deleteBySubscriber(SUBSCRIBER)).toBe(0);
  });

  it('stay gone when a callback of a call in progress comes afterwards', async () => {
    const repo = new DynamoCallRepository(tables.doc, tables.names.calls);
    const inProgress = call(SUBSCRIBER);
    await repo.create(inProgress);
    await repo.deleteBySubscriber(SUBSCRIBER);

    // The <Record action> notes the recording's length, the status callback the missed call: both conditional.
    await repo.update(inProgress.call_sid, { recorded_seconds: 12 });
    await repo.update(inProgress.call_sid, { missed_handled: true });
    expect(await repo.get(inProgress.call_sid)).toBeNull();
    const { Item } = await tables.doc.send(
      new GetCommand({ TableName: tables.names.calls, Key: { call_sid: inProgress.call_sid } }),
    );
    expect(Item).toBeUndefined();
  });

  it('are found in a local calls table made before the index, once it is rebuilt with it', async () => {
    const names = tableNames(`old-calls-${process.pid}-`);
    await tables.client.send(
      new CreateTableCommand({
        TableName: names.calls,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'call_sid', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'call_sid', KeyType: 'HASH' }],
      }),
    );
    await waitUntilTableExists(
      { client: tables.client, maxWaitTime: 30, minDelay: 1 },
      { TableName: names.calls },
    );
    const kept = call(SUBSCRIBER);
    await tables.doc.send(
      new PutCommand({
        TableName: names.calls,
        Item: { ...kept, expires_at: Math.floor(Date.now() / 1000) + 86_400 },
      }),
    );

    await createTables(tables.client, names);

    const { Table } = await tables.client.send(new DescribeTableCommand({ TableName: names.calls }));
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(['subscriber']);
    const repo = new DynamoCallRepository(tables.doc, names.calls);
    expect(await repo.get(kept.call_sid)).toMatchObject({ subscriber: SUBSCRIBER });
    expect(await repo.deleteBySubscriber(SUBSCRIBER)).toBe(1);
    expect(await storedSids(names.calls)).toEqual([]);
  });
});
