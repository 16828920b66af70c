import type { CardKind } from '#core/cards/served-cards';

/**
 * One file's link (core/cards/served-cards.ts): which message's which card, in which time zone its event is written,
 * and when it was made. No part of the message is kept here: the file is written from the message when it
 * is fetched.
 */
export type CardLink = {
  readonly messageId: string;
  readonly kind: CardKind;
  /** The IANA time zone the event's times were resolved in when the reply was sent. */
  readonly timeZone: string;
  /** When the reply carrying it was sent (ISO): its lifetime counts from here. */
  readonly madeAt: string;
  /** When the store may forget it (ISO): the link's lifetime as Settings had it then. */
  readonly expiresAt: string;
};

/** The links of the files sent as MMS attachments, keyed by their code's SHA-256. */
export interface CardLinkStore {
  /** Keeps a new link, findable by its message for `revokeAll`. */
  put(codeHash: string, link: CardLink): Promise<void>;
  /** The link, or null when it is unknown or past `expiresAt`. */
  get(codeHash: string): Promise<CardLink | null>;
  /** Forgets every link of the message (it was erased). Nothing to forget is fine. */
  revokeAll(messageId: string): Promise<void>;
}
