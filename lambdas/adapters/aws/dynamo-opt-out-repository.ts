import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type OptOut, optOutSchema } from '#core/delivery/destinations';
import type { OptOutRepository } from '../../ports/opt-out-repository';

/** Numbers that opted out (STOP and synonyms), one item per E.164 number. */
export class DynamoOptOutRepository implements OptOutRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async optOut(phoneNumber: string, now: string): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { phone_number: phoneNumber, opted_out_at: now } }),
    );
  }

  async optIn(phoneNumber: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { phone_number: phoneNumber } }));
  }

  async get(phoneNumber: string): Promise<OptOut | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { phone_number: phoneNumber }, ConsistentRead: true }),
    );
    return Item ? optOutSchema.parse(Item) : null;
  }
}
