import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Call, callSchema } from '#core/calls/call';
import type { CallRepository } from '../../ports/calls';
import { setExpression } from './dynamo-updates';

/** How long a call's record is kept: its callbacks come within minutes of its end. */
const CALL_KEPT_SECONDS = 24 * 60 * 60;

/** Forwarded calls in progress, one item per CallSid, deleted by TTL a day after the call began. */
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
}
