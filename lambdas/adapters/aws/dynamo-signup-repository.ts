import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SignupDetails, SignupRecord } from '#core/senders/signup';
import type { SignupRepository } from '../../ports/signup-repository';

/** Sign-ups in DynamoDB, one item per (lower-cased) email; a repeat sign-up updates it in one write. */
export class DynamoSignupRepository implements SignupRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async save(signup: SignupDetails, now: string): Promise<void> {
    // One conditional-free upsert: later details win, the first sign-up time is kept.
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { email: signup.email },
        UpdateExpression:
          'SET #name = :name, phone = :phone, sms_opt_in = :opt, sms_confirmed_at = :confirmed, updated_at = :now, created_at = if_not_exists(created_at, :now)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': signup.name,
          ':phone': signup.phone,
          ':opt': signup.sms_opt_in,
          ':confirmed': signup.sms_confirmed_at,
          ':now': now,
        },
      }),
    );
  }

  async get(email: string): Promise<SignupRecord | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { email: email.toLowerCase() }, ConsistentRead: true }),
    );
    return Item ? toSignup(Item) : null;
  }

  /**
   * A scan of the whole table, page by page: sign-ups number in the thousands at most, each a few hundred
   * bytes, so this reads a few megabytes where an index by date would cost a write on every sign-up.
   */
  async listAll(): Promise<SignupRecord[]> {
    const all: SignupRecord[] = [];
    for await (const page of paginateScan({ client: this.db }, { TableName: this.table })) {
      all.push(...(page.Items ?? []).map(toSignup));
    }
    return all;
  }

  async confirmSms(email: string, phone: string, at: string): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { email: email.toLowerCase() },
          UpdateExpression: 'SET sms_confirmed_at = :at',
          ConditionExpression: 'phone = :phone AND sms_opt_in = :true',
          ExpressionAttributeValues: { ':at': at, ':phone': phone, ':true': true },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}

/** A stored sign-up; one saved before confirmations existed reads as not confirmed. */
function toSignup(item: Record<string, unknown>): SignupRecord {
  return {
    ...(item as SignupRecord),
    sms_confirmed_at: (item.sms_confirmed_at as string | undefined) ?? null,
  };
}
