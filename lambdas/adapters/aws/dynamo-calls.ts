import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type Call, callSchema } from '#core/calls/call';
import type { CallRepository } from '../../ports/calls';
import { setExpression } from './dynamo-updates';
import { TABLES } from './tables';

const BY_SUBSCRIBER = TABLES.calls.indexes[0].name;

/** Calls read from the index a page at a time, and deleted that many at once. */
const PAGE = 100;

/** How long a call's record is kept: its callbacks come within minutes of its end. */
const CALL_KEPT_SECONDS = 24 * 60 * 60;

/**
 * Forwarded calls in progress, one item per CallSid, deleted by TTL a day after the call began; the
 * `subscriber` index finds a subscriber's (DELETE).
 */
export class DynamoCallRepository implements CallRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(callSid: string): Promise<Call | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { call_sid: callSid }, ConsistentRead: true }),
    );
    if (!Item) return null;
    // DynamoDB's TTL may lag (and dynalite has none): an item past it is gone.
    if (typeof Item.expires_at === 'number' && Item.expires_at * 1000 < Date.now()) return null;
    return callSchema.parse(Item);
  }

  async create(call: Call): Promise<boolean> {
    const item = {
      ...callSchema.parse(call),
      expires_at: Math.floor(Date.parse(call.started_at) / 1000) + CALL_KEPT_SECONDS,
    };
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: item,
          ConditionExpression: 'attribute_not_exists(call_sid)',
        }),
      );
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async update(callSid: string, changes: Partial<Omit<Call, 'call_sid'>>): Promise<void> {
    const update = setExpression(changes);
    if (!update) return;
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: { call_sid: callSid },
          ...update,
          ConditionExpression: 'attribute_exists(call_sid)',
        }),
      )
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
  }

  /**
   * Every call of the subscriber from the `subscriber` index (only their keys), page by page, then each
   * deleted. The index is eventually consistent: a call stored in the last second or so may not be in it yet,
   * and is then left to its TTL. A subscriber has at most a day's calls (Settings' calls a day, 500 at most).
   */
  async deleteBySubscriber(subscriber: string): Promise<number> {
    const sids: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: BY_SUBSCRIBER,
          KeyConditionExpression: 'subscriber = :s',
          ExpressionAttributeValues: { ':s': subscriber },
          ProjectionExpression: 'call_sid',
          ExclusiveStartKey: start,
          Limit: PAGE,
        }),
      );
      for (const item of page.Items ?? []) sids.push(String(item.call_sid));
      start = page.LastEvaluatedKey;
    } while (start);
    for (let i = 0; i < sids.length; i += PAGE) {
      await Promise.all(
        sids
          .slice(i, i + PAGE)
          .map((sid) => this.db.send(new DeleteCommand({ TableName: this.table, Key: { call_sid: sid } }))),
      );
    }
    return sids.length;
  }
}
