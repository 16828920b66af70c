import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SETTINGS_ID, type SettingsRecord, settingsRecordSchema } from '#core/operator/settings';
import type { SettingsRepository } from '../../ports/settings-repository';

/** The single settings row (id "app") in DynamoDB. Secrets are never stored here. */
export class DynamoSettingsRepository implements SettingsRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(): Promise<SettingsRecord | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { id: SETTINGS_ID }, ConsistentRead: true }),
    );
    return Item ? settingsRecordSchema.parse(Item) : null;
  }

  async put(settings: SettingsRecord): Promise<void> {
    // Parse before writing: only known, valid fields reach the table (no secret can slip in).
    await this.db.send(new PutCommand({ TableName: this.table, Item: settingsRecordSchema.parse(settings) }));
  }
}
