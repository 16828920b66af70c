import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type Clock, systemClock } from '../../ports/clock';
import type {
  CardLink,
  CodeTry,
  ShortLived,
  ShortLivedCodes,
  UploadCode,
} from '../../ports/short-lived-codes';
import { CARD_LINKS, type CodeKind, DELETE_CODES, DeleteCodes, UPLOAD_CODES } from './short-lived-code-kinds';
import { TABLES } from './tables';

/** Where an item keyed by its hash keeps its end as written (ISO): reads judge by it, not by the TTL's second. */
const ENDS = 'expires';

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** The write's result, or null when DynamoDB refused its condition. */
async function unlessRefused<T>(write: Promise<T>): Promise<T | null> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/**
 * Short-lived codes in DynamoDB, one kind (short-lived-code-kinds.ts) a store, deleted by TTL after their end;
 * reads and every condition treat an item past its end as gone (TTL lags, and dynalite has none). An item
 * keyed by its hash rounds its TTL up (DynamoDB never deletes it early; its ISO end decides); one kept per
 * number rounds it down (its TTL decides, so it never lives past its end).
 */
export class DynamoShortLivedCodes<R extends ShortLived> implements ShortLivedCodes<R> {
  private readonly item: ReturnType<CodeKind<R>['item']>;
  private readonly keyName: string;
  private readonly ttlName: string;

  constructor(
    private readonly kind: CodeKind<R>,
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.item = kind.item();
    const spec = TABLES[kind.keyedBy === 'hash' ? kind.table : 'counters'];
    this.keyName = spec.partitionKey;
    this.ttlName = spec.timeToLiveAttribute;
  }

  async put(key: string, record: R): Promise<void> {
    const { expiresAt, ...rest } = record;
    const attributes: Record<string, unknown> = this.item.encode(rest);
    if (this.kind.keyedBy === 'hash') {
      const ttl = Math.ceil(seconds(expiresAt));
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { [this.keyName]: key, ...attributes, [ENDS]: expiresAt, [this.ttlName]: ttl },
          ConditionExpression: 'attribute_not_exists(#key)',
          ExpressionAttributeNames: { '#key': this.keyName },
        }),
      );
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [this.keyName]: `${this.kind.owner.prefix}${this.kind.owner.of(record)}` },
          UpdateExpression: 'ADD hashes :hash SET #ttl = :ttl',
          ExpressionAttributeNames: { '#ttl': this.ttlName },
          ExpressionAttributeValues: { ':hash': new Set([key]), ':ttl': ttl },
        }),
      );
      return;
    }
    const fields: Record<string, unknown> = { ...attributes, ...(this.kind.countsTries ? { tries: 0 } : {}) };
    const ttl = Math.floor(seconds(expiresAt));
    await this.write(key, fields, ttl);
  }

  async get(key: string): Promise<R | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: this.itemKey(key), ConsistentRead: true }),
    );
    return Item ? this.inTime(Item, this.clock()) : null;
  }

  async consume(key: string, now = this.clock()): Promise<R | null> {
    const names = Object.keys(this.item.in.shape);
    const used = await unlessRefused(
      this.db.send(
        this.kind.keyedBy === 'hash'
          ? new DeleteCommand({
              TableName: this.table,
              Key: this.itemKey(key),
              ConditionExpression: 'attribute_exists(#key) AND #ttl > :now',
              ExpressionAttributeNames: { '#key': this.keyName, '#ttl': this.ttlName },
              ExpressionAttributeValues: { ':now': Math.floor(seconds(now)) },
              ReturnValues: 'ALL_OLD',
            })
          : // The counters table is written by updates only: the record's attributes go, its TTL stays.
            new UpdateCommand({
              TableName: this.table,
              Key: this.itemKey(key),
              UpdateExpression: `REMOVE ${names.map((_, i) => `#a${i}`).join(', ')}`,
              ConditionExpression: 'attribute_exists(#a0) AND #ttl > :now',
              ExpressionAttributeNames: { ...placeholders(names), '#ttl': this.ttlName },
              ExpressionAttributeValues: { ':now': Math.floor(seconds(now)) },
              ReturnValues: 'ALL_OLD',
            }),
      ),
    );
    return used?.Attributes ? this.inTime(used.Attributes, now) : null;
  }

  async attempt(key: string, codeHash: string, now: string, maxTries: number): Promise<CodeTry> {
    if (this.kind.keyedBy !== 'number' || !this.kind.countsTries) {
      throw new Error('attempt: this kind of code counts no tries');
    }
    const pending = '#ttl > :now AND tries < :max';
    const values = { ':now': Math.floor(seconds(now)), ':max': maxTries };
    // The right code is used up by the same write that checks it, so it opens once.
    const right = await this.tried(key, 'REMOVE code_hash', `code_hash = :hash AND ${pending}`, {
      ...values,
      ':hash': codeHash,
    });
    if (right) return 'right';
    const taken = await this.tried(key, 'ADD tries :one', `attribute_exists(code_hash) AND ${pending}`, {
      ...values,
      ':one': 1,
    });
    if (taken === null) return 'none';
    return Number(taken.tries) >= maxTries ? 'spent' : 'wrong';
  }

  async revokeAll(owner: string): Promise<readonly string[]> {
    // A number's own record is its one code.
    if (this.kind.keyedBy === 'number') return (await this.consume(owner)) ? [owner] : [];
    const ownerKey = { [this.keyName]: `${this.kind.owner.prefix}${owner}` };
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: ownerKey, ConsistentRead: true }),
    );
    const hashes = Item?.hashes instanceof Set ? [...(Item.hashes as Set<string>)] : [];
    for (const hash of hashes) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [this.keyName]: hash } }));
    }
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: ownerKey }));
    return hashes;
  }

  private itemKey(key: string): Record<string, string> {
    return { [this.keyName]: this.kind.keyedBy === 'hash' ? key : `${this.kind.prefix}${key}` };
  }

  /** Sets `fields` and the TTL on the number's item, replacing what it held. */
  private write(key: string, fields: Record<string, unknown>, ttl: number) {
    const names = Object.keys(fields);
    const set = [...names.map((_, i) => `#a${i} = :a${i}`), '#ttl = :ttl'];
    return this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: this.itemKey(key),
        UpdateExpression: `SET ${set.join(', ')}`,
        ExpressionAttributeNames: { ...placeholders(names), '#ttl': this.ttlName },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name, i) => [`:a${i}`, fields[name]])),
          ':ttl': ttl,
        },
      }),
    );
  }

  /** A conditional update of the number's item: its new attributes, or null when the condition failed. */
  private async tried(
    key: string,
    expression: string,
    condition: string,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> {
    const updated = await unlessRefused(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: this.itemKey(key),
          UpdateExpression: expression,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#ttl': this.ttlName },
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return updated === null ? null : (updated.Attributes ?? {});
  }

  /** The item's record if it decodes and is in time at `now`; null otherwise. */
  private inTime(item: Record<string, unknown>, now: string): R | null {
    const decoded = this.item.safeDecode(item);
    const end = this.kind.keyedBy === 'hash' ? item[ENDS] : item[this.ttlName];
    const expiresAt =
      typeof end === 'string' ? end : typeof end === 'number' ? new Date(end * 1000).toISOString() : null;
    if (!decoded.success || expiresAt === null || Date.parse(expiresAt) <= Date.parse(now)) return null;
    return { ...decoded.data, expiresAt } as R;
  }
}

/** `#a0`, `#a1`... for attribute names, so none can clash with a DynamoDB reserved word. */
const placeholders = (names: readonly string[]) =>
  Object.fromEntries(names.map((name, i) => [`#a${i}`, name]));

/** The links of MMS attachments (the cardLinks table), found by their message when it is erased. */
export class DynamoCardLinks extends DynamoShortLivedCodes<CardLink> {
  constructor(db: DynamoDBDocumentClient, table: string, clock?: Clock) {
    super(CARD_LINKS, db, table, clock);
  }
}

/** Pending UPLOAD links (the uploadCodes table), found by their number for DELETE and STOP. */
export class DynamoUploadCodes extends DynamoShortLivedCodes<UploadCode> {
  constructor(db: DynamoDBDocumentClient, table: string, clock?: Clock) {
    super(UPLOAD_CODES, db, table, clock);
  }
}

/** Pending DELETE codes, items of the counters table (`delete-code#<number>`: the hash, the tries, the TTL). */
export class DynamoDeleteCodes extends DeleteCodes {
  constructor(db: DynamoDBDocumentClient, table: string) {
    super(new DynamoShortLivedCodes(DELETE_CODES, db, table));
  }
}
