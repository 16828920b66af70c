import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Counters } from '../../ports/counters';
import { TABLES } from './tables';

const EXPIRES_AT = TABLES.counters.timeToLiveAttribute;

/**
 * Counters in DynamoDB: one item per key, raised with a conditional ADD so the limit holds under races; a
 * set (`takeOnce`) is a string set `members` with its `window`, changed only by conditional updates.
 */
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

  async takeOnce(key: string, member: string, window: string, expiresAt: string): Promise<boolean> {
    const names = { '#window': 'window', '#members': 'members' };
    // Added to the window kept, when it is this one and does not hold the member yet.
    const addToWindow = () =>
      this.conditional(
        new UpdateCommand({
          TableName: this.table,
          Key: { key },
          UpdateExpression: 'ADD #members :members',
          ConditionExpression: '#window = :window AND NOT contains(#members, :member)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':members': new Set([member]), ':window': window, ':member': member },
        }),
      );
    // The first of a window: replaces an earlier window's members (ISO days compare as strings).
    const startWindow = () =>
      this.conditional(
        new UpdateCommand({
          TableName: this.table,
          Key: { key },
          UpdateExpression: 'SET #window = :window, #members = :members, #expires = :expires',
          ConditionExpression: 'attribute_not_exists(#window) OR #window < :window',
          ExpressionAttributeNames: { ...names, '#expires': EXPIRES_AT },
          ExpressionAttributeValues: {
            ':members': new Set([member]),
            ':window': window,
            ':expires': Math.ceil(Date.parse(expiresAt) / 1000),
          },
        }),
      );
    // When the window could not be started, another request has just started it (or it was this one all
    // along): adding to it once more decides, atomically, whether the member is new.
    return (await addToWindow()) || (await startWindow()) || (await addToWindow());
  }

  async forget(key: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { key } }));
  }

  /** Sends a conditional update: false when its condition failed (nothing changed). */
  private async conditional(command: UpdateCommand): Promise<boolean> {
    try {
      await this.db.send(command);
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
