/**
 * A vCard 3.0 (RFC 2426) contact for the service's number, so a visitor can save it in one tap. Written here
 * rather than with a library: the card has five properties, and what matters (CRLF line ends, escaped text,
 * lines folded at 75 octets) is core/cards/content-lines.ts, which the message cards share.
 */
import { escapeText, foldLine } from '@core/cards/content-lines';
import { saveBlob } from '@/lib/save-blob';

export type ServiceContact = {
  readonly name: string;
  /** E.164, e.g. +14155550100. */
  readonly phoneNumber: string;
  readonly siteUrl: string;
  readonly note?: string;
};

const CRLF = '\r\n';

// The content-line rules (escaping, folding at 75 octets) are the message cards' (issue 25): one copy.
export { escapeText, foldLine };

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
