/**
 * The history's pages in DynamoDB (dynalite, own instance for this file): what the route tests cannot reach
 * cheaply. A filter that matches little answers a short page with a cursor instead of reading on without
 * end, expired messages are left out, and a table from before the `status` index gains it with its messages.
 */
import { CreateTableCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { createTables, tableNames } from '../../lambdas/adapters/aws/create-tables';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { batchPut, startTestTables, type TestTables } from '../support/stand-ins';

let tables: TestTables;

beforeAll(async () => {
  tables = await startTestTables();
});

afterAll(async () => {
  await tables?.close();
});

const SENDER = '+14155550188';

function stored(i: number, overrides: Partial<Message> & Record<string, unknown> = {}) {
  return {
    id: `h-${String(i).padStart(5, '0')}`,
    feed: 'all',
    created_at: new Date(Date.parse('2026-03-01T00:00:00.000Z') + i * 60_000).toISOString(),
    sender: SENDER,
    phone_number: SENDER,
    audio_url: null,
    status: 'completed',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    ...overrides,
  };
}

describe('history pages in DynamoDB', () => {
  it('answers a filter that matches little with a short page and a cursor, and finds the rest from it', async () => {
    // 1,201 messages from one sender; only the oldest is failed: 1,200 items lie between the newest and it.
    const items = Array.from({ length: 1_201 }, (_, i) =>
      stored(i, { status: i === 0 ? 'failed' : 'completed' }),
    );
    await batchPut(tables.doc, tables.names.messages, items);
    const repo = new DynamoMessageRepository(tables.doc, tables.names.messages);

    const first = await repo.listPage({ sender: SENDER, status: 'failed' }, 25);
    expect(first.messages).toEqual([]);
    expect(first.next).toEqual({ id: 'h-00201', created_at: items[201]!.created_at });
    const second = await repo.listPage({ sender: SENDER, status: 'failed' }, 25, first.next!);
    expect(second.messages.map((m) => m.id)).toEqual(['h-00000']);
    expect(second.next).toBeNull();
    // With the status alone its own index finds it at once.
    expect((await repo.listPage({ status: 'failed' }, 25)).messages.map((m) => m.id)).toEqual(['h-00000']);
  });

  it('leaves out messages past their retention, and still fills the page', async () => {
    const table = tableNames(`ttl-${process.pid}-`);
    await createTables(tables.client, table);
    const past = Math.floor(Date.parse('2020-01-01T00:00:00.000Z') / 1000);
    await batchPut(tables.doc, table.messages, [
      stored(1),
      stored(2, { expires_at: past }),
      stored(3),
      stored(4, { expires_at: past }),
      stored(5),
    ]);
    const repo = new DynamoMessageRepository(tables.doc, table.messages);
    const page = await repo.listPage({}, 2);
    expect(page.messages.map((m) => m.id)).toEqual(['h-00005', 'h-00003']);
    const rest = await repo.listPage({}, 2, page.next!);
    expect(rest).toMatchObject({ next: null });
    expect(rest.messages.map((m) => m.id)).toEqual(['h-00001']);
  });

  it('gives a table made before the status index that index, keeping its messages', async () => {
    const names = tableNames(`pre-status-${process.pid}-`);
    const index = (name: string, key: string) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: key, KeyType: 'HASH' as const },
        { AttributeName: 'created_at', KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    });
    await tables.client.send(
      new CreateTableCommand({
        TableName: names.messages,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['id', 'feed', 'phone_number', 'created_at'].map((name) => ({
          AttributeName: name,
          AttributeType: 'S' as const,
        })),
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [index('recent', 'feed'), index('sender', 'phone_number')],
      }),
    );
    // A new table is CREATING for a moment (dynalite as DynamoDB): a write before it is ACTIVE finds none,
    // as it did once on a loaded machine.
    await waitUntilTableExists(
      { client: tables.client, maxWaitTime: 30, minDelay: 1 },
      { TableName: names.messages },
    );
    await tables.doc.send(
      new PutCommand({ TableName: names.messages, Item: stored(7, { status: 'failed' }) }),
    );

    await createTables(tables.client, names);

    const repo = new DynamoMessageRepository(tables.doc, names.messages);
    expect((await repo.listPage({ status: 'failed' }, 10)).messages.map((m) => m.id)).toEqual(['h-00007']);
  });
});
