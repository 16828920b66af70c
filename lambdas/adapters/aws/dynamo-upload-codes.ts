import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { UploadCode, UploadCodeStore } from '../../ports/upload-codes';
import { TABLES } from './tables';

const KEY = TABLES.uploadCodes.partitionKey;
const EXPIRES_AT = TABLES.uploadCodes.timeToLiveAttribute;

const epochSeconds = (iso: string) => Math.ceil(Date.parse(iso) / 1000);
const numberKey = (phoneNumber: string) => `number#${phoneNumber}`;

/**
 * Pending UPLOAD links in DynamoDB, one item per code hash, deleted by TTL an hour on. Reads and the
 * consuming delete treat an item past its time as gone (TTL lags, and dynalite has none). Beside them, one
 * item per number (`number#<E.164>`, never a hash: those are hex) holds the hashes of its links, so DELETE and
 * STOP can revoke them without a scan; it expires with its newest link.
 */
export class DynamoUploadCodes implements UploadCodeStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  async put(codeHash: string, code: UploadCode): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [KEY]: codeHash,
          phone_number: code.phoneNumber,
          expires: code.expiresAt,
          [EXPIRES_AT]: epochSeconds(code.expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(#key)',
        ExpressionAttributeNames: { '#key': KEY },
      }),
    );
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { [KEY]: numberKey(code.phoneNumber) },
        UpdateExpression: 'ADD hashes :hash SET #expires = :expires',
        ExpressionAttributeNames: { '#expires': EXPIRES_AT },
        ExpressionAttributeValues: {
          ':hash': new Set([codeHash]),
          ':expires': epochSeconds(code.expiresAt),
        },
      }),
    );
  }

  async revokeAll(phoneNumber: string): Promise<readonly string[]> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [KEY]: numberKey(phoneNumber) }, ConsistentRead: true }),
    );
    const hashes = Item?.hashes instanceof Set ? [...(Item.hashes as Set<string>)] : [];
    for (const hash of hashes) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [KEY]: hash } }));
    }
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [KEY]: numberKey(phoneNumber) } }));
    return hashes;
  }

  async get(codeHash: string): Promise<UploadCode | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [KEY]: codeHash }, ConsistentRead: true }),
    );
    return Item ? this.inTime(Item) : null;
  }

  async consume(codeHash: string): Promise<UploadCode | null> {
    try {
      const { Attributes } = await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { [KEY]: codeHash },
          ConditionExpression: 'attribute_exists(#key) AND #expires > :now',
          ExpressionAttributeNames: { '#key': KEY, '#expires': EXPIRES_AT },
          ExpressionAttributeValues: { ':now': Math.floor(Date.parse(this.now()) / 1000) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? this.inTime(Attributes) : null;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  private inTime(item: Record<string, unknown>): UploadCode | null {
    const { phone_number: phoneNumber, expires } = item;
    if (typeof phoneNumber !== 'string' || typeof expires !== 'string') return null;
    return Date.parse(expires) > Date.parse(this.now()) ? { phoneNumber, expiresAt: expires } : null;
  }
}
