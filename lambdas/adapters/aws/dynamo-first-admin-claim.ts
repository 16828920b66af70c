/**
 * The first administrator's claim: one item in the settings table (`id = "first-admin"`), written only if
 * absent. DynamoDB's conditional put lets exactly one writer win, however many accounts confirm at once.
 */
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../ports/clock';
import type { FirstAdminClaim } from '../../ports/first-admin-claim';

/** The claim's key in the settings table, next to the settings row (`id = "app"`). */
export const FIRST_ADMIN_CLAIM_ID = 'first-admin';

export class DynamoFirstAdminClaim implements FirstAdminClaim {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly clock: Clock,
  ) {}

  async claim(accountId: string): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { id: FIRST_ADMIN_CLAIM_ID, account_id: accountId, claimed_at: this.clock() },
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async release(accountId: string): Promise<void> {
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { id: FIRST_ADMIN_CLAIM_ID },
          ConditionExpression: 'account_id = :me',
          ExpressionAttributeValues: { ':me': accountId },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
}
