import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { CARD_KINDS, type CardKind } from '#core/cards/served-cards';
import type { CardLink, CardLinkStore } from '../../ports/card-links';
import { TABLES } from './tables';

const KEY = TABLES.cardLinks.partitionKey;
const EXPIRES_AT = TABLES.cardLinks.timeToLiveAttribute;

const epochSeconds = (iso: string) => Math.ceil(Date.parse(iso) / 1000);
const messageKey = (messageId: string) => `message#${messageId}`;

/**
 * The links of MMS attachments in DynamoDB, one item per code hash, deleted by TTL when the link's lifetime
 * ends; reads treat an item past its time as gone (TTL lags, and dynalite has none). Beside them, one item per
 * message (`message#<id>`, never a hash: those are hex) holds the hashes of its links, so erasing the message
 * forgets them without a scan; it expires with its newest link.
 */
export class DynamoCardLinks implements CardLinkStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  async put(codeHash: string, link: CardLink): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          [KEY]: codeHash,
          message_id: link.messageId,
          kind: link.kind,
          time_zone: link.timeZone,
          made_at: link.madeAt,
          expires: link.expiresAt,
          [EXPIRES_AT]: epochSeconds(link.expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(#key)',
        ExpressionAttributeNames: { '#key': KEY },
      }),
    );
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { [KEY]: messageKey(link.messageId) },
        UpdateExpression: 'ADD hashes :hash SET #expires = :expires',
        ExpressionAttributeNames: { '#expires': EXPIRES_AT },
        ExpressionAttributeValues: { ':hash': new Set([codeHash]), ':expires': epochSeconds(link.expiresAt) },
      }),
    );
  }

  async get(codeHash: string): Promise<CardLink | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [KEY]: codeHash }, ConsistentRead: true }),
    );
    if (!Item) return null;
    const { message_id, kind, time_zone, made_at, expires } = Item;
    if (
      typeof message_id !== 'string' ||
      !CARD_KINDS.includes(kind as CardKind) ||
      typeof time_zone !== 'string' ||
      typeof made_at !== 'string' ||
      typeof expires !== 'string' ||
      Date.parse(expires) <= Date.parse(this.now())
    ) {
      return null;
    }
    return {
      messageId: message_id,
      kind: kind as CardKind,
      timeZone: time_zone,
      madeAt: made_at,
      expiresAt: expires,
    };
  }

  async revokeAll(messageId: string): Promise<void> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { [KEY]: messageKey(messageId) }, ConsistentRead: true }),
    );
    const hashes = Item?.hashes instanceof Set ? [...(Item.hashes as Set<string>)] : [];
    for (const hash of hashes) {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [KEY]: hash } }));
    }
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { [KEY]: messageKey(messageId) } }));
  }
}
