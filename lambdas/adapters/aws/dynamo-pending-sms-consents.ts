import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PendingSmsConsents } from '../../ports/pending-sms-consents';
import { TABLES } from './tables';

const EXPIRES_AT = TABLES.counters.timeToLiveAttribute;

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Sign-ups waiting for their phone's YES as items of the counters table (`sms-consent#<number>`: a string set
 * of emails, `expires_at` for DynamoDB's TTL), written by updates only: the sign-up function and the webhook
 * already raise their counters there. A YES takes the set by a conditional update, so it is taken once; an
 * item past its time counts as empty whether or not TTL has removed it (TTL lags; dynalite has none).
 */
export class DynamoPendingSmsConsents implements PendingSmsConsents {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async add(phone: string, email: string, now: string, expiresAt: string): Promise<void> {
    const values = { ':email': new Set([email]), ':expires': epochSeconds(expiresAt) };
    try {
      // Joins the sign-ups still waiting...
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { key: keyOf(phone) },
          UpdateExpression: 'ADD emails :email SET #expires = :expires',
          ConditionExpression: 'attribute_not_exists(#expires) OR #expires > :now',
          ExpressionAttributeNames: { '#expires': EXPIRES_AT },
          ExpressionAttributeValues: { ...values, ':now': epochSeconds(now) },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // ...or starts afresh where those were past their time, so an expired sign-up is not revived.
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { key: keyOf(phone) },
          UpdateExpression: 'SET emails = :email, #expires = :expires',
          ExpressionAttributeNames: { '#expires': EXPIRES_AT },
          ExpressionAttributeValues: values,
        }),
      );
    }
  }

  async take(phone: string, now: string): Promise<string[]> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { key: keyOf(phone) },
          UpdateExpression: 'REMOVE emails',
          ConditionExpression: 'attribute_exists(emails) AND #expires > :now',
          ExpressionAttributeNames: { '#expires': EXPIRES_AT },
          ExpressionAttributeValues: { ':now': epochSeconds(now) },
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      const emails = Attributes?.emails;
      return emails instanceof Set ? [...emails].map(String).sort() : [];
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return [];
      throw error;
    }
  }
}

const keyOf = (phone: string) => `sms-consent#${phone}`;
