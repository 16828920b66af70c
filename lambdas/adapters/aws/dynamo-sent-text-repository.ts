import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SentTextRepository } from '../../ports/sent-text-repository';
import { TABLES } from './tables';

const EXPIRES_AT = TABLES.sentTexts.timeToLiveAttribute;

/** One item per text sent about a message (`sid` -> `message_id`), deleted by DynamoDB's TTL. */
export class DynamoSentTextRepository implements SentTextRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async link(sid: string, messageId: string, expiresAt: string): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { sid, message_id: messageId, [EXPIRES_AT]: Math.floor(Date.parse(expiresAt) / 1000) },
      }),
    );
  }

  async messageIdOf(sid: string): Promise<string | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: { sid } }));
    if (!Item || typeof Item.message_id !== 'string') return null;
    // TTL deletes within days, not at once: an item past its time is treated as gone.
    const expiresAt = Item[EXPIRES_AT];
    return typeof expiresAt === 'number' && expiresAt * 1000 <= Date.now() ? null : Item.message_id;
  }
}
