import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Counters } from '../../ports/counters';
import { TABLES } from './tables';

const EXPIRES_AT = TABLES.counters.timeToLiveAttribute;

/** Counters in DynamoDB: one item per key, raised with a conditional ADD so the limit holds under races. */
export class DynamoCounters implements Counters {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async take(key: string, limit: number, expiresAt: string, amount = 1): Promise<boolean> {
    if (amount > limit) return false;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { key },
          UpdateExpression: 'ADD #count :amount SET #expires = :expires',
          ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
          ExpressionAttributeNames: { '#count': 'count', '#expires': EXPIRES_AT },
          ExpressionAttributeValues: {
            ':amount': amount,
            ':room': limit - amount,
            ':expires': Math.ceil(Date.parse(expiresAt) / 1000),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async giveBack(key: string, amount = 1): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { key },
          UpdateExpression: 'ADD #count :minus',
          ConditionExpression: '#count >= :amount',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minus': -amount, ':amount': amount },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async read(key: string): Promise<number> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { key }, ConsistentRead: true }),
    );
    // TTL deletes an expired count late (and dynalite never): a key names its window, so a read is of a
    // window still running or of one that just ended, never of a later one.
    return typeof Item?.count === 'number' ? Item.count : 0;
  }
}
