/** The short-lived code store (lambdas/ports/short-lived-codes.ts) in memory, as the DynamoDB adapter keeps it. */
import { CARD_LINKS, type CodeKind } from '../../lambdas/adapters/aws/short-lived-code-kinds';
import type { Clock } from '../../lambdas/ports/clock';
import type { CardLink, CodeTry, ShortLived, ShortLivedCodes } from '../../lambdas/ports/short-lived-codes';

/**
 * One kind of short-lived code in memory: a new code never replaces one, a number's record replaces its own
 * (its tries start again), a code counting tries is spent by its last wrong one, and past its
 * end a record is gone.
 */
export class InMemoryShortLivedCodes<R extends ShortLived> implements ShortLivedCodes<R> {
  /** The records by key: a code's hash, or a number. */
  readonly items = new Map<string, R>();
  private readonly tries = new Map<string, number>();

  /** `clock`: the time the use cases read, so a record ends when theirs says so (none: only a given time ends one). */
  constructor(
    private readonly kind: CodeKind<R>,
    private readonly clock?: Clock,
  ) {}

  async put(key: string, record: R) {
    if (this.kind.keyedBy === 'hash') {
      if (this.items.has(key)) throw new Error(`A code is already kept under ${key}.`);
      this.items.set(key, record);
      return;
    }
    this.items.set(key, record);
    this.tries.set(key, 0);
  }

  async get(key: string) {
    return this.inTime(key, this.clock?.());
  }

  async consume(key: string, now = this.clock?.()) {
    const record = this.inTime(key, now);
    if (record) this.items.delete(key);
    return record;
  }

  async attempt(key: string, codeHash: string, now: string, maxTries: number): Promise<CodeTry> {
    const record = this.inTime(key, now);
    const tries = this.tries.get(key) ?? 0;
    if (!record || tries >= maxTries) return 'none';
    const { expiresAt: _, ...rest } = record;
    if (this.kind.item().encode(rest).code_hash === codeHash) {
      this.items.delete(key);
      return 'right';
    }
    this.tries.set(key, tries + 1);
    return tries + 1 >= maxTries ? 'spent' : 'wrong';
  }

  async revokeAll(owner: string) {
    const { kind } = this;
    if (kind.keyedBy === 'number') return (await this.consume(owner)) ? [owner] : [];
    const keys = [...this.items].filter(([, record]) => kind.owner.of(record) === owner).map(([key]) => key);
    for (const key of keys) this.items.delete(key);
    return keys;
  }

  /** The record under `key` if it is still in time at `now` (no time given: it is). */
  private inTime(key: string, now: string | undefined): R | null {
    const record = this.items.get(key);
    if (!record || (now !== undefined && Date.parse(record.expiresAt) <= Date.parse(now))) return null;
    return record;
  }
}

/** The links of MMS attachments; `now` says which are past their end (none: never). */
export class InMemoryCardLinks extends InMemoryShortLivedCodes<CardLink> {
  constructor(now?: Clock) {
    super(CARD_LINKS, now);
  }
}
