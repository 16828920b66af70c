/**
 * A vCard 3.0 (RFC 2426) contact for the service's number, so a visitor can save it in one tap. Written here
 * rather than with a library: the card has five properties, and what matters (CRLF line ends, escaped text,
 * lines folded at 75 octets) is a dozen lines to get exactly right and test.
 */
import { saveBlob } from '@/lib/save-blob';

export type ServiceContact = {
  readonly name: string;
  /** E.164, e.g. +14155550100. */
  readonly phoneNumber: string;
  readonly siteUrl: string;
  readonly note?: string;
};

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** Text values escape backslash, comma, semicolon and line breaks (RFC 2426 section 4). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line to 75 octets: CRLF plus one space before each continuation, never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts toward their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The card's text, CRLF line ends included. */
export function buildVCard(contact: ServiceContact): string {
  const name = escapeText(contact.name);
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${name};;;;`,
    `FN:${name}`,
    `ORG:${name}`,
    `TEL;TYPE=CELL:${contact.phoneNumber}`,
    `URL:${contact.siteUrl}`,
    ...(contact.note ? [`NOTE:${escapeText(contact.note)}`] : []),
    'END:VCARD',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name from the service's name: "Voice Summary" -> "voice-summary.vcf". */
export function vCardFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'contact'}.vcf`;
}

/** Hands the card to the browser as a download (phones offer to add it to Contacts). */
export function downloadVCard(contact: ServiceContact): void {
  saveBlob(
    new Blob([buildVCard(contact)], { type: 'text/vcard;charset=utf-8' }),
    vCardFileName(contact.name),
  );
}
