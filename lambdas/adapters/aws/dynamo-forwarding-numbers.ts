import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type ForwardingNumber, forwardingNumberSchema } from '#core/calls/forwarding-number';
import type { ForwardingNumberRepository } from '../../ports/forwarding-numbers';
import { setExpression } from './dynamo-updates';
import { TABLES } from './tables';

const BY_SUBSCRIBER = TABLES.forwardingNumbers.indexes[0].name;

/** The subscribers' forwarding numbers, one item per number; the `subscriber` index finds a subscriber's. */
export class DynamoForwardingNumberRepository implements ForwardingNumberRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(number: string): Promise<ForwardingNumber | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { number }, ConsistentRead: true }),
    );
    return Item ? forwardingNumberSchema.parse(Item) : null;
  }

  async findBySubscriber(subscriber: string): Promise<ForwardingNumber | null> {
    const { Items } = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: BY_SUBSCRIBER,
        KeyConditionExpression: 'subscriber = :s',
        ExpressionAttributeValues: { ':s': subscriber },
        // The newest, should a retried FORWARD ever have left two.
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const item = Items?.[0];
    // The index is eventually consistent: read the item itself for its latest fields.
    return item ? this.get(String(item.number)) : null;
  }

  async put(record: ForwardingNumber): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: forwardingNumberSchema.parse(record) }));
  }

  async update(number: string, changes: Partial<Omit<ForwardingNumber, 'number'>>): Promise<void> {
    const update = setExpression(changes);
    if (!update) return;
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: { number },
          ...update,
          ConditionExpression: 'attribute_exists(#n)',
          ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#n': 'number' },
        }),
      )
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
  }

  async delete(number: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { number } }));
  }

  async list(): Promise<ForwardingNumber[]> {
    const found: ForwardingNumber[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({ TableName: this.table, ExclusiveStartKey: start, ConsistentRead: true }),
      );
      for (const item of page.Items ?? []) found.push(forwardingNumberSchema.parse(item));
      start = page.LastEvaluatedKey;
    } while (start);
    return found.sort((a, b) => a.created_at.localeCompare(b.created_at));
  }
}
