/**
 * When each account's sessions last ended: one item per account in the settings table
 * (`id = "sessions-ended#<account id>"`, next to the settings row, the first administrator's claim and the
 * live channel's key), read strongly consistent so the first check after a reset already sees it.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionEnds } from '../../ports/session-ends';

/** The prefix of these items' keys: the admin routes may read those items and no other row (IAM). */
export const SESSIONS_ENDED_PREFIX = 'sessions-ended#';

export class DynamoSessionEnds implements SessionEnds {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async record(accountId: string, at: string): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { id: SESSIONS_ENDED_PREFIX + accountId, ended_at: at },
      }),
    );
  }

  async lastEnded(accountId: string): Promise<string | null> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { id: SESSIONS_ENDED_PREFIX + accountId },
        ConsistentRead: true,
      }),
    );
    const at = Item?.ended_at;
    return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : null;
  }
}
