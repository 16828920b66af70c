import { describe, expect, it } from 'vitest';
import { buildVCard, escapeText, foldLine, vCardFileName } from './vcard';

describe('the contact card', () => {
  it('is a vCard 3.0 with the name, the number as a mobile in E.164, and the site, with CRLF line ends', () => {
    expect(
      buildVCard({
        name: 'Voice Summary',
        phoneNumber: '+14155550100',
        siteUrl: 'https://voice.example.com',
      }),
    ).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Voice Summary;;;;',
        'FN:Voice Summary',
        'ORG:Voice Summary',
        'TEL;TYPE=CELL:+14155550100',
        'URL:https://voice.example.com',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
  });

  it('escapes backslashes, commas, semicolons and line breaks in text values', () => {
    expect(escapeText('A\\B, C; D\nE')).toBe('A\\\\B\\, C\\; D\\nE');
    const card = buildVCard({
      name: 'Smith, Jones; Co',
      phoneNumber: '+14155550100',
      siteUrl: 'https://x.test',
    });
    expect(card).toContain('\r\nFN:Smith\\, Jones\\; Co\r\n');
    expect(card).toContain('\r\nN:Smith\\, Jones\\; Co;;;;\r\n');
  });

  it('folds lines over 75 octets without splitting a character', () => {
    const line = `NOTE:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('is named after the service', () => {
    expect(vCardFileName('Voice Summary')).toBe('voice-summary.vcf');
    expect(vCardFileName('***')).toBe('contact.vcf');
  });
});
