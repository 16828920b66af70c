import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expiresAtEpochSeconds } from '#core/messages/retention';
import {
  SENDER_PREFERENCES_RETENTION_DAYS,
  type SenderPreferences,
  type SenderPreferencesPatch,
  senderPreferencesSchema,
} from '#core/senders/sender-preferences';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';

/**
 * Senders' preferences, one item per E.164 number. A change updates only the fields it names (so LANG and
 * the next issue's MODE never overwrite each other) and pushes `expires_at` (TTL) a year on; reads treat an
 * item past it as gone, as DynamoDB's TTL may lag and dynalite has none.
 */
export class DynamoSenderPreferencesRepository implements SenderPreferencesRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  async get(phoneNumber: string): Promise<SenderPreferences | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { phone_number: phoneNumber }, ConsistentRead: true }),
    );
    if (!Item) return null;
    if (typeof Item.expires_at === 'number' && Item.expires_at * 1000 <= Date.parse(this.now())) return null;
    return senderPreferencesSchema.parse(Item);
  }

  async update(phoneNumber: string, patch: SenderPreferencesPatch, now: string): Promise<SenderPreferences> {
    const fields = Object.entries(patch).filter(([, value]) => value !== undefined);
    const names: Record<string, string> = { '#updated_at': 'updated_at', '#expires_at': 'expires_at' };
    const values: Record<string, unknown> = {
      ':updated_at': now,
      ':expires_at': expiresAtEpochSeconds(now, SENDER_PREFERENCES_RETENTION_DAYS),
    };
    const sets = ['#updated_at = :updated_at', '#expires_at = :expires_at'];
    const removes: string[] = [];
    for (const [field, value] of fields) {
      names[`#${field}`] = field;
      if (value === null) removes.push(`#${field}`);
      else {
        values[`:${field}`] = value;
        sets.push(`#${field} = :${field}`);
      }
    }
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { phone_number: phoneNumber },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return senderPreferencesSchema.parse(Attributes);
  }

  async delete(phoneNumber: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { phone_number: phoneNumber } }));
  }
}
