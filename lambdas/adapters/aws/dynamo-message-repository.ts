import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  paginateQuery,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { DELIVERY_PROGRESS, type SmsPart, sortParts } from '#core/delivery/delivery-status';
import { type Message, messageSchema } from '#core/messages/message';
import {
  HISTORY_LIMIT_MAX,
  type MessageFilters,
  matchesDerivedFilters,
  type PagePosition,
} from '#core/messages/message-history';
import { expiresAtEpochSeconds } from '#core/messages/retention';
import type { MessageStatus } from '#core/messages/status';
import type {
  LinkedMessage,
  MessagePage,
  MessagePatch,
  MessageRepository,
  SmsPartStatus,
  UpdateConditions,
} from '../../ports/message-repository';
import { packWords, unpackWords } from './stored-words';
import { MESSAGE_FEED, MESSAGE_INDEXES, TABLES } from './tables';

const EXPIRES_AT = TABLES.messages.timeToLiveAttribute;
/** When the message's current link was made (ISO), beside its hash: how old the link is. */
const LINK_MADE_AT = 'link_made_at';

/**
 * Each text sent about a message is an attribute of its own, `sms_part#<sid>`, rather than an element of a
 * list: a status callback then updates exactly that text, atomically and on a condition (only forward), and
 * no other write to the message can replace it. Reads gather them into `sms_parts`.
 */
const PART_PREFIX = 'sms_part#';

export function toMessage(item: Record<string, unknown>): Message {
  // The link's hash stays in the table: the dashboard and the live list never see it.
  const { feed: _feed, [EXPIRES_AT]: _expires, link_hash: _link, [LINK_MADE_AT]: _made, ...rest } = item;
  const fields: Record<string, unknown> = {};
  const parts: SmsPart[] = [];
  for (const [key, value] of Object.entries(rest)) {
    if (!key.startsWith(PART_PREFIX)) fields[key] = value;
    else {
      const { progress: _progress, ...part } = value as SmsPart & { progress: number };
      parts.push(part);
    }
  }
  // Stored without phone_number when there is none (an index key may not be null); words in their own form.
  return messageSchema.parse({
    phone_number: null,
    ...fields,
    ...('transcript_words' in fields
      ? { transcript_words: unpackWords(fields.transcript_words, fields.transcript) }
      : {}),
    ...(parts.length > 0 ? { sms_parts: sortParts(parts) } : {}),
  });
}

/** A field's value as the item keeps it: the words packed (stored-words.ts), the rest as they are. */
function storedValue(key: string, value: unknown): unknown {
  return key === 'transcript_words' && Array.isArray(value) ? packWords(value) : value;
}

/** The message as stored: `phone_number` keys the `sender` index, so it is left out rather than null. */
function withoutNullPhone(message: Message): Record<string, unknown> {
  const { phone_number, sms_parts, transcript_words, ...rest } = message;
  const parts = Object.fromEntries(
    (sms_parts ?? []).map((part) => [
      `${PART_PREFIX}${part.sid}`,
      { ...part, progress: DELIVERY_PROGRESS[part.status] },
    ]),
  );
  const words =
    transcript_words === undefined
      ? {}
      : { transcript_words: storedValue('transcript_words', transcript_words) };
  return phone_number === null
    ? { ...rest, ...words, ...parts }
    : { ...rest, phone_number, ...words, ...parts };
}

/**
 * DynamoDB's TTL deletes an expired item within a few days, not at once (and dynalite never does), so an
 * item past its time is treated as gone by every read.
 */
export function isLive(item: Record<string, unknown>): boolean {
  const expiresAt = item[EXPIRES_AT];
  return typeof expiresAt !== 'number' || expiresAt * 1000 > Date.now();
}

/** Index reads one history page may take before it answers with what it found (and a cursor). */
const HISTORY_READS_PER_PAGE = 4;
/** Index items one filtered read evaluates: at most 1,000 per page with the budget above. */
const FILTERED_READ_ITEMS = 250;

/**
 * How a history page is read: the index whose key narrows it most (the sender's, else the status's, else the
 * whole feed), the date range as a condition on its sort key, and as filters a status only with a sender (the
 * one combination no index keys) and the kind. A record of something refused is always failed, so a kind of
 * refused thing alone reads the failed messages' index. `partition` is what a cursor needs besides the
 * message's id and time. `filtered`: some of what the index reads may not match (those filters, or the
 * delivery and urgency, checked here on the messages read: core/messages/message-history.ts matchesDerivedFilters).
 */
function historyQuery(filters: MessageFilters) {
  const refusedKind = filters.kind !== undefined && filters.kind !== 'voice';
  const status = filters.status ?? (refusedKind ? 'failed' : undefined);
  const [index, keyName, keyValue] = filters.sender
    ? [MESSAGE_INDEXES.sender, 'phone_number', filters.sender]
    : status
      ? [MESSAGE_INDEXES.status, 'status', status]
      : [MESSAGE_INDEXES.recent, 'feed', MESSAGE_FEED];
  const names: Record<string, string> = { '#pk': keyName };
  const values: Record<string, unknown> = { ':pk': keyValue };
  let condition = '#pk = :pk';
  // `to` is exclusive and times are stored to the millisecond: the last included time is 1 ms before it.
  const until = filters.to ? new Date(Date.parse(filters.to) - 1).toISOString() : undefined;
  if (filters.from && until) {
    condition += ' AND created_at BETWEEN :from AND :until';
    Object.assign(values, { ':from': filters.from, ':until': until });
  } else if (filters.from) {
    condition += ' AND created_at >= :from';
    values[':from'] = filters.from;
  } else if (until) {
    condition += ' AND created_at <= :until';
    values[':until'] = until;
  }
  const filtering: string[] = [];
  if (filters.sender && filters.status) {
    names['#status'] = 'status';
    values[':status'] = filters.status;
    filtering.push('#status = :status');
  }
  if (filters.kind) {
    names['#refusal'] = 'refusal';
    if (refusedKind) {
      names['#kind'] = 'kind';
      values[':kind'] = filters.kind;
      filtering.push('#refusal.#kind = :kind');
    } else filtering.push('attribute_not_exists(#refusal)');
  }
  const input: Omit<QueryCommandInput, 'TableName'> = {
    IndexName: index,
    KeyConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(filtering.length > 0 ? { FilterExpression: filtering.join(' AND ') } : {}),
  };
  const matches = (message: Message) => matchesDerivedFilters(message, filters);
  return {
    input,
    partition: { [keyName]: keyValue },
    matches,
    filtered: filtering.length > 0 || filters.delivery !== undefined || filters.urgency !== undefined,
  };
}

function positionOf(item: { readonly id?: unknown; readonly created_at?: unknown }): PagePosition {
  return { id: String(item.id), created_at: String(item.created_at) };
}

/**
 * Messages in DynamoDB. Creation is a conditional put (a retried webhook cannot create a second copy) and
 * every change is conditional on the status the caller expects, so two workers cannot both move a message.
 */
export class DynamoMessageRepository implements MessageRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    /** Days a message (its transcript and summary) is kept; without it, messages never expire. */
    private readonly retentionDays?: number,
  ) {}

  async create(message: Message): Promise<boolean> {
    const expiry =
      this.retentionDays === undefined
        ? {}
        : { [EXPIRES_AT]: expiresAtEpochSeconds(message.created_at, this.retentionDays) };
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...withoutNullPhone(message), ...expiry, feed: MESSAGE_FEED },
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async get(id: string): Promise<Message | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { id }, ConsistentRead: true }),
    );
    return Item && isLive(Item) ? toMessage(Item) : null;
  }

  async delete(id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: { id } }));
  }

  async update(
    id: string,
    expectedStatuses: readonly MessageStatus[],
    patch: MessagePatch,
    now: string,
    conditions: UpdateConditions = {},
  ): Promise<Message | null> {
    if (expectedStatuses.length === 0) throw new Error('update needs at least one expected status');
    const fields = Object.entries({ ...patch, updated_at: now }).filter(
      ([key, value]) => value !== undefined && key !== 'id' && key !== 'feed' && key !== 'created_at',
    );
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = {};
    const sets = fields.map(([key, value], i) => {
      names[`#f${i}`] = key;
      values[`:f${i}`] = storedValue(key, value);
      return `#f${i} = :f${i}`;
    });
    const expected = expectedStatuses.map((status, i) => {
      values[`:s${i}`] = status;
      return `:s${i}`;
    });
    let condition = `attribute_exists(id) AND #status IN (${expected.join(', ')})`;
    if (conditions.attempt !== undefined) {
      names['#attempt'] = 'attempt';
      values[':attempt'] = conditions.attempt;
      condition += ' AND #attempt = :attempt';
    }
    return this.updateIfExists({
      Key: { id },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  }

  async addSmsPart(id: string, part: SmsPart): Promise<Message | null> {
    return this.updateIfExists({
      Key: { id },
      UpdateExpression: 'SET #part = :part, updated_at = :now',
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeNames: { '#part': `${PART_PREFIX}${part.sid}` },
      ExpressionAttributeValues: {
        ':part': { ...part, progress: DELIVERY_PROGRESS[part.status] },
        ':now': part.status_updated_at,
      },
    });
  }

  async updateSmsPartStatus(id: string, update: SmsPartStatus): Promise<Message | null> {
    // The condition is the ordering rule (core/delivery/delivery-status.ts): only a status further along is written.
    return this.updateIfExists({
      Key: { id },
      UpdateExpression:
        'SET #part.#status = :status, #part.error_code = :code, #part.status_updated_at = :now, #part.progress = :progress, updated_at = :now',
      ConditionExpression: 'attribute_exists(#part) AND #part.progress < :progress',
      ExpressionAttributeNames: { '#part': `${PART_PREFIX}${update.sid}`, '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': update.status,
        ':code': update.error_code,
        ':now': update.status_updated_at,
        ':progress': DELIVERY_PROGRESS[update.status],
      },
    });
  }

  /** A conditional update answering the new message, or null when its condition does not hold. */
  private async updateIfExists(
    input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'ReturnValues'>,
  ): Promise<Message | null> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({ TableName: this.table, ...input, ReturnValues: 'ALL_NEW' }),
      );
      return Attributes ? toMessage(Attributes) : null;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return null;
      throw error;
    }
  }

  async listPage(filters: MessageFilters, limit: number, after?: PagePosition): Promise<MessagePage> {
    const query = historyQuery(filters);
    // One more than asked for says whether another page exists, so the last page carries no cursor.
    const wanted = Math.min(Math.max(Math.trunc(limit), 1), HISTORY_LIMIT_MAX) + 1;
    const found: Message[] = [];
    let start = after ? { id: after.id, created_at: after.created_at, ...query.partition } : undefined;
    for (let reads = 0; reads < HISTORY_READS_PER_PAGE; reads++) {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          ...query.input,
          ScanIndexForward: false,
          // Under a filter each read takes a bounded slice of the index; without one, exactly what is missing.
          Limit: query.filtered ? FILTERED_READ_ITEMS : wanted - found.length,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of page.Items ?? []) {
        if (!isLive(item)) continue;
        const message = toMessage(item);
        if (query.matches(message) && found.push(message) === wanted) break;
      }
      if (found.length === wanted) {
        const shown = found.slice(0, wanted - 1);
        return { messages: shown, next: positionOf(shown.at(-1)!) };
      }
      start = page.LastEvaluatedKey as typeof start;
      if (!start) return { messages: found, next: null };
    }
    // The read budget is spent and more may match: the cursor continues where the reading stopped.
    return { messages: found, next: positionOf(start as Record<string, unknown>) };
  }

  async listCreatedBetween(from: string, to: string): Promise<Message[]> {
    const messages = await this.queryAll({
      IndexName: MESSAGE_INDEXES.recent,
      // One condition per key: BETWEEN includes `to`, which is left out below.
      KeyConditionExpression: 'feed = :feed AND created_at BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':feed': MESSAGE_FEED, ':from': from, ':to': to },
    });
    return messages.filter((m) => m.created_at < to);
  }

  async listBySender(phoneNumber: string): Promise<Message[]> {
    return this.queryAll({
      IndexName: MESSAGE_INDEXES.sender,
      KeyConditionExpression: 'phone_number = :phone',
      ExpressionAttributeValues: { ':phone': phoneNumber },
    });
  }

  async attachLink(id: string, linkHash: string, attempt: number, madeAt: string): Promise<boolean> {
    const updated = await this.updateIfExists({
      Key: { id },
      UpdateExpression: 'SET link_hash = :hash, #made = :made',
      ConditionExpression: 'attribute_exists(id) AND #attempt = :attempt',
      ExpressionAttributeNames: { '#attempt': 'attempt', '#made': LINK_MADE_AT },
      ExpressionAttributeValues: { ':hash': linkHash, ':attempt': attempt, ':made': madeAt },
    });
    return updated !== null;
  }

  async findByLinkHash(linkHash: string): Promise<LinkedMessage | null> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: MESSAGE_INDEXES.link,
        KeyConditionExpression: 'link_hash = :hash',
        ExpressionAttributeValues: { ':hash': linkHash },
        Limit: 1,
      }),
    );
    const item = Items.find(isLive);
    if (!item) return null;
    const expiresAt = item[EXPIRES_AT];
    const madeAt = item[LINK_MADE_AT];
    return {
      message: toMessage(item),
      expiresAt: typeof expiresAt === 'number' ? expiresAt : null,
      linkMadeAt: typeof madeAt === 'string' ? madeAt : null,
    };
  }

  /** Every live message an index query finds, page after page. */
  private async queryAll(query: Omit<QueryCommandInput, 'TableName'>): Promise<Message[]> {
    const messages: Message[] = [];
    for await (const page of paginateQuery({ client: this.db }, { TableName: this.table, ...query })) {
      messages.push(...(page.Items ?? []).filter(isLive).map(toMessage));
    }
    return messages;
  }
}
