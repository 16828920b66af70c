/**
 * The contact card and the event of a message as files a phone can open (issue 25, deliverable 4): sent as
 * MMS attachments to a sender who texted CARDS ON. Twilio fetches each from a URL on the site's own domain,
 * `<site>/api/c/<code>`, one code per file: 128 random bits (core/messages/message-link.ts), kept only as its SHA-256.
 * A file's link works as long as the message's `/m/<code>` link would (Settings, `message_link_days`, from
 * when the reply was sent, checked on every fetch) and never past its message: the file is written from the
 * message each time it is fetched, so erasing the message erases the file.
 */
import { CONTACT_FILE_TYPE, EVENT_FILE_TYPE } from './message-cards';

/** The files a reply can carry, in the order they are attached. */
/** Where Twilio sends MMS: elsewhere a text's attachments are left off (and no file link is made). */
export const MMS_COUNTRIES: readonly (string | null)[] = ['US', 'CA'];

export const CARD_KINDS = ['contact', 'event'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** What each file is served as: vCard 4.0 and iCalendar, the types phones open with Contacts and Calendar. */
export const CARD_CONTENT_TYPES: Readonly<Record<CardKind, string>> = {
  contact: CONTACT_FILE_TYPE,
  event: EVENT_FILE_TYPE,
};

/** Where a file's code is served: `/api/c/{code}` (lambdas/http/routes.ts). */
export const cardFileUrl = (siteUrl: string, code: string) => `${siteUrl.replace(/\/+$/, '')}/api/c/${code}`;

/**
 * What any code that opens nothing gets (malformed, unknown, expired, its message deleted, or the message no
 * longer has that card): one answer for all, so it tells nothing about which.
 */
export const CARD_FILE_NOT_AVAILABLE = 'This file is not available';

/** A file as served: its name (Content-Disposition), type and text. */
export type ServedCard = { readonly filename: string; readonly kind: CardKind; readonly body: string };

/**
 * Content-Disposition of a file, whose name is made from what a caller said: only letters, digits, dot, dash
 * and underscore kept (no quote, no header break), and a plain name when nothing is left.
 */
export function cardDisposition(file: Pick<ServedCard, 'filename' | 'kind'>): string {
  const safe = file.filename.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '');
  const fallback = file.kind === 'contact' ? 'contact.vcf' : 'event.ics';
  return `attachment; filename="${safe === '' ? fallback : safe}"`;
}
