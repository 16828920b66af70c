import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeleteCodeStore, DeleteCodeTry } from '../../ports/delete-codes';
import { TABLES } from './tables';

const EXPIRES_AT = TABLES.counters.timeToLiveAttribute;

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Pending DELETE codes as items of the counters table (`delete-code#<number>`: the code's hash, the tries
 * taken, `expires_at` for DynamoDB's TTL), written by conditional updates only: the webhook already raises
 * its counters there, so it needs no other right. A code past its time is none whether or not TTL has
 * removed it yet (TTL lags; dynalite has none): every condition compares `expires_at` with now.
 */
export class DynamoDeleteCodes implements DeleteCodeStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(phone: string, codeHash: string, expiresAt: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { key: keyOf(phone) },
        UpdateExpression: 'SET code_hash = :hash, tries = :zero, #expires = :expires',
        ExpressionAttributeNames: { '#expires': EXPIRES_AT },
        ExpressionAttributeValues: { ':hash': codeHash, ':zero': 0, ':expires': epochSeconds(expiresAt) },
      }),
    );
  }

  async attempt(phone: string, codeHash: string, now: string, maxTries: number): Promise<DeleteCodeTry> {
    const pending = '#expires > :now AND tries < :max';
    const values = { ':now': epochSeconds(now), ':max': maxTries };
    // The right code is used up by the same write that checks it, so it erases once.
    if (
      await this.update(phone, 'REMOVE code_hash', `code_hash = :hash AND ${pending}`, {
        ...values,
        ':hash': codeHash,
      })
    ) {
      return 'right';
    }
    const taken = await this.update(phone, 'ADD tries :one', `attribute_exists(code_hash) AND ${pending}`, {
      ...values,
      ':one': 1,
    });
    if (taken === null) return 'none';
    return Number(taken.tries) >= maxTries ? 'spent' : 'wrong';
  }

  /** A conditional update of the number's item: its new attributes, or null when the condition failed. */
  private async update(
    phone: string,
    expression: string,
    condition: string,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { key: keyOf(phone) },
          UpdateExpression: expression,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#expires': EXPIRES_AT },
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ?? {};
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }
}

const keyOf = (phone: string) => `delete-code#${phone}`;
