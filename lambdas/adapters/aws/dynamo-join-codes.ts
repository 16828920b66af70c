/**
 * The sign-ups waiting for each phone's JOIN (ports/short-lived-codes.ts JoinCodeStore), an item of the
 * counters table per number, `join-code#<number>`: `codes` (a map from a code's hash to its sign-up's email and
 * its end), `tries` (the phone's wrong codes), `version` (for adding without a lost update) and the TTL, the
 * newest code's end. Written by conditional updates only, as the counters table's other items are, so the
 * functions that keep them need no other right there.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { JoinCode, JoinCodeStore, JoinTry } from '../../ports/short-lived-codes';
import { TABLES } from './tables';

const PREFIX = 'join-code#';
const TTL = TABLES.counters.timeToLiveAttribute;
const NAMES = { '#codes': 'codes', '#tries': 'tries', '#version': 'version', '#ttl': TTL };
/** Adding retries this many times when another sign-up for the same phone wrote in between. */
const ADD_ATTEMPTS = 8;

const entrySchema = z.object({ email: z.string(), ends: z.string() });
const itemSchema = z.object({
  codes: z.record(z.string(), entrySchema).default({}),
  version: z.number().optional(),
  tries: z.number().default(0),
});

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The write's result, or null when DynamoDB refused its condition. */
async function unlessRefused<T>(write: Promise<T>): Promise<T | null> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

export class DynamoJoinCodes implements JoinCodeStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async add(phone: string, code: JoinCode, now: string, max: number): Promise<boolean> {
    for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt++) {
      const current = await this.current(phone);
      const live = Object.entries(current.codes).filter(
        ([, entry]) => Date.parse(entry.ends) > Date.parse(now) && entry.email !== code.email,
      );
      if (live.some(([hash]) => hash === code.codeHash)) return false;
      const kept = new Set(
        live
          .sort(([, a], [, b]) => b.ends.localeCompare(a.ends))
          .slice(0, max - 1)
          .map(([hash]) => hash),
      );
      const gone = Object.keys(current.codes).filter((hash) => !kept.has(hash) && hash !== code.codeHash);
      const written = await unlessRefused(this.write(phone, code, current.version, gone));
      if (written) return true;
    }
    throw new Error('Join codes: the number kept changing while a code was added');
  }

  async redeem(phone: string, codeHash: string, now: string, maxTries: number): Promise<JoinTry> {
    // The right code in time is used up by the same write that checks it, so it confirms once.
    const right = await unlessRefused(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: this.key(phone),
          UpdateExpression: 'REMOVE #codes.#hash',
          ConditionExpression: '#codes.#hash.#ends > :now AND #tries < :max',
          ExpressionAttributeNames: {
            '#codes': 'codes',
            '#tries': 'tries',
            '#hash': codeHash,
            '#ends': 'ends',
          },
          ExpressionAttributeValues: { ':now': now, ':max': maxTries },
          ReturnValues: 'ALL_OLD',
        }),
      ),
    );
    const email = entrySchema.safeParse(
      (right?.Attributes?.codes as Record<string, unknown> | undefined)?.[codeHash],
    );
    if (email.success) return { outcome: 'right', email: email.data.email };
    const taken = await unlessRefused(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: this.key(phone),
          UpdateExpression: 'ADD #tries :one',
          ConditionExpression: '#ttl > :now AND #tries < :max',
          ExpressionAttributeNames: { '#tries': 'tries', '#ttl': TTL },
          ExpressionAttributeValues: { ':now': seconds(now), ':max': maxTries, ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    if (taken === null) return { outcome: 'none' };
    return { outcome: Number(taken.Attributes?.tries) >= maxTries ? 'spent' : 'wrong' };
  }

  private key(phone: string) {
    return { [TABLES.counters.partitionKey]: `${PREFIX}${phone}` };
  }

  /** The number's item as it is (an update that changes nothing but makes the map, so no read right is needed). */
  private async current(phone: string): Promise<z.output<typeof itemSchema>> {
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: this.key(phone),
        UpdateExpression: 'SET #codes = if_not_exists(#codes, :empty)',
        ExpressionAttributeNames: { '#codes': 'codes' },
        ExpressionAttributeValues: { ':empty': {} },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const parsed = itemSchema.safeParse(Attributes ?? {});
    // An item that does not decode is treated as empty, and replaced by the write below.
    return parsed.success ? parsed.data : { codes: {}, tries: 0 };
  }

  /** Adds `code`, removes `gone`, starts the tries again: only if nothing wrote since `version` was read. */
  private write(phone: string, code: JoinCode, version: number | undefined, gone: readonly string[]) {
    const removed = gone.map((hash, i) => [`#gone${i}`, hash] as const);
    return this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: this.key(phone),
        UpdateExpression: [
          'SET #codes.#new = :entry, #tries = :zero, #version = :next, #ttl = :ttl',
          ...(removed.length > 0 ? [`REMOVE ${removed.map(([name]) => `#codes.${name}`).join(', ')}`] : []),
        ].join(' '),
        ConditionExpression: version === undefined ? 'attribute_not_exists(#version)' : '#version = :version',
        ExpressionAttributeNames: { ...NAMES, '#new': code.codeHash, ...Object.fromEntries(removed) },
        ExpressionAttributeValues: {
          ':entry': { email: code.email, ends: code.expiresAt },
          ':zero': 0,
          ':next': (version ?? 0) + 1,
          ':ttl': seconds(code.expiresAt),
          ...(version === undefined ? {} : { ':version': version }),
        },
      }),
    );
  }
}
