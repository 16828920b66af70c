/**
 * The three kinds of short-lived code (ports/short-lived-codes.ts), each a configuration of the one store: where
 * its items are keyed, what its record is in an item, whose codes an owner finds, whether it counts tries. The
 * item shapes are those the tables already hold.
 */
import * as z from 'zod';
import { CARD_KINDS } from '#core/cards/served-cards';
import type {
  CardLink,
  CodeTry,
  DeleteCode,
  DeleteCodeStore,
  ShortLived,
  ShortLivedCodes,
  UploadCode,
} from '../../ports/short-lived-codes';

/** A record without its end: the store keeps the end itself (as an ISO time, a TTL, or both). */
type Unended<R extends ShortLived> = Omit<R, 'expiresAt'>;

/** How one kind of code is kept. */
export type CodeKind<R extends ShortLived> = {
  /**
   * The record's attributes in its item, and back; an item that does not decode reads as none. Made when a store
   * is (a function, so a bundle that keeps none of these codes carries none of their schemas).
   */
  readonly item: () => z.ZodCodec<z.ZodObject, z.ZodType<Unended<R>>>;
} & (
  | {
      /**
       * Keyed by the code's SHA-256 (hex) in a table of its own: a new code never replaces one, reads are
       * consistent, using one up is a conditional delete; the item keeps its end (ISO) beside the TTL. The
       * owner's item (`<prefix><owner>`, never a hash) holds the hashes of its codes, so `revokeAll` needs
       * no scan; it expires with the newest of them.
       */
      readonly keyedBy: 'hash';
      /** Its table in TABLES (by name, so that bundles without it drop this object). */
      readonly table: 'cardLinks' | 'uploadCodes';
      readonly owner: { readonly prefix: string; readonly of: (record: R) => string };
    }
  | {
      /**
       * One record per number, the counters table's item `<prefix><number>`, written by conditional updates
       * only (the functions that keep these raise their counters there and may do nothing else); its TTL
       * alone says when it ends. A new record replaces the number's.
       */
      readonly keyedBy: 'number';
      readonly prefix: string;
      /** Wrong tries are counted (`tries`), and the last one spends the code (its hash is `code_hash`). */
      readonly countsTries?: true;
    }
);

/**
 * A record's fields as its item's attributes (`field: [attribute, schema]`), both ways: an item decodes to the
 * record only if each attribute fits its schema.
 */
function attributes<const M extends Record<string, readonly [string, z.ZodType]>>(fields: M) {
  type Fields = { -readonly [F in keyof M]: z.output<M[F][1]> };
  const pairs = Object.entries(fields);
  return z.codec(
    z.object(Object.fromEntries(pairs.map(([, [attribute, schema]]) => [attribute, schema]))),
    z.custom<Fields>(),
    {
      decode: (item) =>
        Object.fromEntries(pairs.map(([field, [attribute]]) => [field, item[attribute]])) as Fields,
      encode: (record) => Object.fromEntries(pairs.map(([field, [attribute]]) => [attribute, record[field]])),
    },
  );
}

/** The links of card files sent as MMS attachments (use-cases/card-attachments.ts), found by their message. */
export const CARD_LINKS: CodeKind<CardLink> = {
  keyedBy: 'hash',
  table: 'cardLinks',
  owner: { prefix: 'message#', of: (link) => link.messageId },
  item: () =>
    attributes({
      messageId: ['message_id', z.string()],
      kind: ['kind', z.enum(CARD_KINDS)],
      timeZone: ['time_zone', z.string()],
      madeAt: ['made_at', z.string()],
    }),
};

/** Pending UPLOAD links (use-cases/upload-link.ts), found by their number for DELETE and STOP. */
export const UPLOAD_CODES: CodeKind<UploadCode> = {
  keyedBy: 'hash',
  table: 'uploadCodes',
  owner: { prefix: 'number#', of: (code) => code.phoneNumber },
  item: () => attributes({ phoneNumber: ['phone_number', z.string()] }),
};

/** Pending DELETE codes (use-cases/commands/delete.ts): one a number, with its tries. */
export const DELETE_CODES: CodeKind<DeleteCode> = {
  keyedBy: 'number',
  prefix: 'delete-code#',
  countsTries: true,
  item: () => attributes({ codeHash: ['code_hash', z.string()] }),
};

/** DELETE codes in the words of the DELETE command (use-cases/commands/delete.ts), over either backend of the store. */
export class DeleteCodes implements DeleteCodeStore {
  constructor(private readonly codes: ShortLivedCodes<DeleteCode>) {}

  put(phone: string, codeHash: string, expiresAt: string): Promise<void> {
    return this.codes.put(phone, { codeHash, expiresAt });
  }

  attempt(phone: string, codeHash: string, now: string, maxTries: number): Promise<CodeTry> {
    return this.codes.attempt(phone, codeHash, now, maxTries);
  }
}
