/**
 * The live list's channel key: one item in the settings table (`id = "live-channel"`, next to the settings
 * row and the first administrator's claim). Read strongly consistent, so a publish right after a removal
 * already goes to the new channel; made on first use with a conditional put, so two first readers agree.
 * A key retired by a password reset (issue 31) waits in the item's `unannounced` set until a publisher takes
 * it (one conditional update, so two publishers do not both announce it).
 */
import { randomBytes } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LIVE_CHANNEL_KEY } from '#core/messages/live-updates';
import type { LiveChannelStore } from '../../ports/live-channel-store';

export const LIVE_CHANNEL_ITEM_ID = 'live-channel';

const newKey = () => randomBytes(16).toString('hex');

export class DynamoLiveChannelStore implements LiveChannelStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async current(): Promise<string> {
    const stored = await this.read();
    if (stored) return stored;
    const key = newKey();
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { id: LIVE_CHANNEL_ITEM_ID, key },
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
      return key;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      // Another reader made it first: theirs is the key.
      const made = await this.read();
      if (!made) throw error;
      return made;
    }
  }

  async replace(): Promise<{ previous: string | null; current: string }> {
    const key = newKey();
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { id: LIVE_CHANNEL_ITEM_ID },
        UpdateExpression: 'SET #key = :key',
        ExpressionAttributeNames: { '#key': 'key' },
        ExpressionAttributeValues: { ':key': key },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    const previous = Attributes?.key;
    return {
      previous: typeof previous === 'string' && LIVE_CHANNEL_KEY.test(previous) ? previous : null,
      current: key,
    };
  }

  async retire(): Promise<void> {
    // Twice at most: a key replaced between the read and the write is read again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const previous = await this.read();
      if (!previous) return;
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: { id: LIVE_CHANNEL_ITEM_ID },
            UpdateExpression: 'SET #key = :key ADD unannounced :previous',
            ConditionExpression: '#key = :was',
            ExpressionAttributeNames: { '#key': 'key' },
            ExpressionAttributeValues: {
              ':key': newKey(),
              ':was': previous,
              ':previous': new Set([previous]),
            },
          }),
        );
        return;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    }
    throw new Error('The live channel kept changing while a password reset moved it.');
  }

  async takeUnannounced(): Promise<readonly string[]> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { id: LIVE_CHANNEL_ITEM_ID },
          UpdateExpression: 'REMOVE unannounced',
          ConditionExpression: 'attribute_exists(unannounced)',
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      const keys: unknown = Attributes?.unannounced;
      return keys instanceof Set
        ? [...keys].filter((key): key is string => typeof key === 'string' && LIVE_CHANNEL_KEY.test(key))
        : [];
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return [];
      throw error;
    }
  }

  private async read(): Promise<string | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { id: LIVE_CHANNEL_ITEM_ID }, ConsistentRead: true }),
    );
    const key = Item?.key;
    return typeof key === 'string' && LIVE_CHANNEL_KEY.test(key) ? key : null;
  }
}
