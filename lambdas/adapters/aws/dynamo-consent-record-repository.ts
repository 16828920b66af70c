import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsentRecord } from '#core/senders/consent';
import type { ConsentRecordRepository } from '../../ports/consent-record-repository';

/**
 * Consent records in DynamoDB: one item per sign-up, keyed by email and `event_id`. Puts are conditional on
 * the key being new, so nothing can overwrite a record that is already there.
 */
export class DynamoConsentRecordRepository implements ConsentRecordRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async append(record: ConsentRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: record,
        ConditionExpression: 'attribute_not_exists(event_id)',
      }),
    );
  }

  async listForEmail(email: string): Promise<ConsentRecord[]> {
    const records: ConsentRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'email = :email',
          ExpressionAttributeValues: { ':email': email.toLowerCase() },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      records.push(...((page.Items ?? []) as ConsentRecord[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return records;
  }
}
