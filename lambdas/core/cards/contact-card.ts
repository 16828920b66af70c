/**
 * "Add to contacts" (issue 25): a vCard 4.0 (RFC 6350) of who left a voice message, from what the fact checks
 * passed only (core/facts/stated-summary.ts): their name or organization and the callback number they said, with
 * a note of when they called. Nothing else of the message goes in: a card is saved and kept for years.
 */

import { normalizePhone } from '#core/delivery/phone';
import { isTitle } from '#core/facts/caller-words';
import { contentDocument, contentLine, escapeText } from './content-lines';

/** The product identifier both cards carry (RFC 6350 6.7.3, RFC 5545 3.7.3). */
export const CARDS_PRODID = '-//Voice Summary//Message cards 1.0//EN';

/** What a contact card is made from: each field as the checks passed it. */
export type ContactInput = {
  /** The caller's name as stated ("Rebecca", "Dr. Patel"), or null. */
  readonly name: string | null;
  /** Their company or office as stated ("Dr. Patel's office"), or null. */
  readonly organization: string | null;
  /** The callback number as stated (any punctuation). */
  readonly number: string;
  /** When the message arrived (ISO). */
  readonly receivedAt: string;
  /** The zone the note's date is written in (IANA). */
  readonly timeZone: string;
};

/** The note's words: "Left a voice message on Thu, Nov 26, 2026". */
export const contactNote = (date: string) => `Left a voice message on ${date}`;

/** A number in E.164 as the rest of the service reads one (core/delivery/phone.ts), else null. */
export function e164Of(number: string): string | null {
  const phone = normalizePhone(number);
  return phone.ok ? phone.e164 : null;
}

/** "Thu, Nov 26, 2026": a day as the card's note and the page write it, in `timeZone`. */
export function dayLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

/** FN and NOTE are one field: their semicolons stay as they are (N and ORG are compound: theirs are escaped). */
const ONE_FIELD = { semicolons: false } as const;

/** A compound value: its fields escaped (semicolons too) and joined by semicolons. */
const structured = (fields: readonly string[]) => fields.map((field) => escapeText(field)).join(';');

/** N's five parts (family; given; additional; prefixes; suffixes) from a name as said. */
function nameParts(name: string): string[] {
  const words = name.split(/\s+/).filter((word) => word !== '');
  const prefixes = words.filter((word, index) => index === 0 && isTitle(word));
  const rest = words.slice(prefixes.length);
  // "Dr. Patel" is a family name; "Rebecca" a given one; "Rebecca Colling" both.
  const family = rest.length > 1 || prefixes.length > 0 ? (rest.at(-1) ?? '') : '';
  const given = rest.length > 1 || prefixes.length === 0 ? (rest[0] ?? '') : '';
  const additional = rest.slice(1, -1).join(' ');
  return [family, given, additional, prefixes.join(' '), ''];
}

/** "the plumber" -> "Plumber", "your landlord" -> "Landlord": a role as an event's title names the caller (never a card). */
export function roleAsName(role: string | null | undefined): string | null {
  const bare = role
    ?.trim()
    .replace(/^(?:the|your|my|our)\s+/i, '')
    .trim();
  return bare ? bare.charAt(0).toUpperCase() + bare.slice(1) : null;
}

/**
 * The vCard, or null when there is nobody to save: no name or organization (a role names nobody), or no callback number that
 * can be written as a phone number.
 */
export function contactCard(input: ContactInput): string | null {
  const given = input.name?.trim() || null;
  const organization = input.organization?.trim() || null;
  // A role never names the card (issue 32): "Pharmacist" is what the caller is, and a card is kept for years.
  const name = given;
  const tel = e164Of(input.number);
  if ((name === null && organization === null) || tel === null) return null;
  const lines = [
    'BEGIN:VCARD',
    contentLine('VERSION', '4.0'),
    contentLine('PRODID', escapeText(CARDS_PRODID)),
    // An organization alone is a card of kind "org" (RFC 6350 6.1.4), whose FN is the organization.
    ...(name === null ? [contentLine('KIND', 'org')] : []),
    contentLine('FN', escapeText(name ?? organization ?? '', ONE_FIELD)),
    ...(given === null ? [] : [contentLine('N', structured(nameParts(given)))]),
    ...(organization === null ? [] : [contentLine('ORG', structured([organization]))]),
    contentLine('TEL', `tel:${tel}`, { VALUE: 'uri', TYPE: 'voice' }),
    contentLine('NOTE', escapeText(contactNote(dayLabel(input.receivedAt, input.timeZone)), ONE_FIELD)),
    'END:VCARD',
  ];
  return contentDocument(lines);
}
