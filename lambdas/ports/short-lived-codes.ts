import type { CardKind } from '#core/cards/served-cards';

/** A record kept for a short time: from `expiresAt` (ISO) on it reads as gone, whether or not it is removed yet. */
export type ShortLived = { readonly expiresAt: string };

/** What one try of a code's hash against the code kept under a key came to. */
export type CodeTry =
  /** The code kept: it is used up, so it opens once. */
  | 'right'
  /** Not the code kept: one of its tries is taken, others are left. */
  | 'wrong'
  /** Not the code kept, and that was its last try: it is spent. */
  | 'spent'
  /** No code is kept there (never made, expired, used or spent): nothing is taken. */
  | 'none';

/**
 * The one store of short-lived codes: card links, UPLOAD links and DELETE codes are kinds of it (the sign-ups
 * waiting for their phone's JOIN are kept beside it, JoinCodeStore) (adapters/aws/short-lived-code-kinds.ts), each using the verbs that fit it. A
 * record is kept under a key (a code's SHA-256, or the number it waits for) until its end; past it, it is
 * gone even before the backend removes it.
 */
export interface ShortLivedCodes<R extends ShortLived> {
  /**
   * Keeps `record` under `key` until its end. A code keyed by its hash is a new key (an existing one is refused)
   * and its owner finds it for `revokeAll`; a record kept per number replaces the number's (its tries start
   * again).
   */
  put(key: string, record: R): Promise<void>;
  /** The record under `key`, or null when it is unknown, used or past its end. */
  get(key: string): Promise<R | null>;
  /**
   * Uses the record up: removes it only if it is there and in time at `now`, and returns what it held; null
   * when it was not (so of two requests at once, exactly one gets it).
   */
  consume(key: string, now?: string): Promise<R | null>;
  /**
   * Tries `codeHash` against the code kept under `key` at `now` (kinds that count tries). Atomic: of two right
   * tries at once, one gets `right`; a code allows `maxTries` tries in all.
   */
  attempt(key: string, codeHash: string, now: string, maxTries: number): Promise<CodeTry>;
  /**
   * Forgets every code of `owner` (a message erased; a number's DELETE or STOP): each answers as gone from now
   * on. Returns their keys (code hashes), so what was made through them can be removed too.
   */
  revokeAll(owner: string): Promise<readonly string[]>;
}

/**
 * One file's link (core/cards/served-cards.ts): which message's which card, in which time zone its event is
 * written, and when it was made. No part of the message is kept here: the file is written from the message
 * when it is fetched. Its end is the link's lifetime as Settings had it then.
 */
export type CardLink = ShortLived & {
  readonly messageId: string;
  readonly kind: CardKind;
  /** The IANA time zone the event's times were resolved in when the reply was sent. */
  readonly timeZone: string;
  /** When the reply carrying it was sent (ISO): its lifetime counts from here. */
  readonly madeAt: string;
};

/** The links of the files sent as MMS attachments, by their code's SHA-256; erasing a message forgets its own. */
export type CardLinkStore = Pick<ShortLivedCodes<CardLink>, 'put' | 'get'> & {
  /** Forgets every link of the message (it was erased). Nothing to forget is fine. */
  revokeAll(messageId: string): Promise<unknown>;
};

/** A pending UPLOAD link (core/audio/upload-link.ts): the sender (E.164) the recording will be a message from. */
export type UploadCode = ShortLived & { readonly phoneNumber: string };

/** The pending UPLOAD links, by their code's SHA-256; one is used up by a conditional delete. */
export type UploadCodeStore = Pick<ShortLivedCodes<UploadCode>, 'put' | 'get' | 'consume' | 'revokeAll'>;

/** A number's pending DELETE code: only its hash is kept. */
export type DeleteCode = ShortLived & { readonly codeHash: string };

/**
 * The pending DELETE code of each number (use-cases/commands/delete.ts): one at a time, kept as a hash
 * with its tries and its end. Expired codes count as none even before the store removes them.
 */
export type DeleteCodeStore = Pick<ShortLivedCodes<DeleteCode>, 'attempt'> & {
  /** Keeps `codeHash` as `phone`'s pending code until `expiresAt` (ISO), replacing any earlier one. */
  put(phone: string, codeHash: string, expiresAt: string): Promise<void>;
};

/** A sign-up waiting for its phone's JOIN (core/senders/consent.ts): its code's hash, and whose sign-up it is. */
export type JoinCode = ShortLived & { readonly codeHash: string; readonly email: string };

/** What a phone's JOIN code came to: the sign-up it confirms, or why none (as CodeTry). */
export type JoinTry =
  | { readonly outcome: 'right'; readonly email: string }
  | { readonly outcome: Exclude<CodeTry, 'right'> };

/**
 * The sign-ups waiting for each phone's JOIN (use-cases/sms-consent.ts): one record a number, as DELETE codes
 * are, holding a few codes and the phone's wrong tries. Past its end a code is gone.
 */
export interface JoinCodeStore {
  /**
   * Keeps `code` for `phone` at `now`: it replaces a code of the same sign-up, codes past their end go, and
   * past `max` codes the oldest goes; the phone's tries start again. False (nothing kept) when the phone
   * already waits with that code: the caller draws another.
   */
  add(phone: string, code: JoinCode, now: string, max: number): Promise<boolean>;
  /**
   * Tries `codeHash` for `phone` at `now`, in one conditional write: the right code in time is used up and
   * names its sign-up; a wrong one takes one of `maxTries` tries, and past them no code of the phone works.
   */
  redeem(phone: string, codeHash: string, now: string, maxTries: number): Promise<JoinTry>;
}
