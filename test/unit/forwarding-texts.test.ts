/**
 * FORWARD's parsing, the carriers' conditional-forwarding codes, and every text about a forwarding number
 * (issue 33): within two GSM-7 segments whatever the service's name, and never an unconditional code.
 */
import { describe, expect, it } from 'vitest';
import { forwardingCode, UNCONDITIONAL_CODES } from '#core/calls/carrier-codes';
import { CARRIERS } from '#core/calls/forwarding-number';
import {
  carrierCodeText,
  forwardingIdleText,
  forwardingNumberText,
  type NoNumberReason,
  noForwardingNumberText,
} from '#core/calls/forwarding-texts';
import { parseForwardCommand } from '#core/commands/forward';
import { classifyInboundText } from '#core/commands/texted-commands';
import { TEXT_LANGUAGES } from '#core/texts/catalogue';
import { segmentCount, smsEncoding } from '#core/texts/sms-text';

const NUMBER = '+13125550100';
const NAMES = ['Voice Summary', 'A service name of forty characters long!'];
const REASONS: NoNumberReason[] = ['not-set-up', 'unavailable', 'daily-cap', 'us-only'];

/** Every text this part sends, in every language, with a short and the longest service name. */
function everyText(): string[] {
  const texts: string[] = [];
  for (const name of NAMES) {
    for (const language of TEXT_LANGUAGES) {
      texts.push(forwardingNumberText(name, NUMBER, language));
      for (const carrier of CARRIERS) {
        texts.push(carrierCodeText(name, carrier, NUMBER, language));
        texts.push(forwardingIdleText(name, NUMBER, carrier, language));
      }
      texts.push(forwardingIdleText(name, NUMBER, null, language));
      for (const reason of REASONS) texts.push(noForwardingNumberText(name, reason, language));
    }
  }
  return texts;
}

describe('FORWARD by text', () => {
  it.each([
    ['FORWARD', { kind: 'number' }],
    ['forward.', { kind: 'number' }],
    ['FORWARD ATT', { kind: 'code', carrier: 'att', bare: false }],
    ['forward at&t', { kind: 'code', carrier: 'att', bare: false }],
    ['FORWARD VERIZON', { kind: 'code', carrier: 'verizon', bare: false }],
    ['FORWARD TMOBILE', { kind: 'code', carrier: 'gsm', bare: false }],
    ['Forward T-Mobile', { kind: 'code', carrier: 'gsm', bare: false }],
    ['FORWARD T Mobile', { kind: 'code', carrier: 'gsm', bare: false }],
    ['FORWARD GSM', { kind: 'code', carrier: 'gsm', bare: false }],
    ['ATT', { kind: 'code', carrier: 'att', bare: true }],
    ['AT&T', { kind: 'code', carrier: 'att', bare: true }],
    ['Verizon!', { kind: 'code', carrier: 'verizon', bare: true }],
    ['tmobile', { kind: 'code', carrier: 'gsm', bare: true }],
    ['T-Mobile', { kind: 'code', carrier: 'gsm', bare: true }],
  ])('reads %j', (body, asked) => {
    expect(parseForwardCommand(body)).toEqual(asked);
    expect(classifyInboundText(body)).toBe('forward');
  });

  it.each([
    'Please forward this to my wife',
    'Forward this',
    'FORWARD Sprint',
    'GSM',
    'I am on Verizon',
    'forwarded from my phone',
    '',
  ])('is not %j', (body) => {
    expect(parseForwardCommand(body)).toBeNull();
  });
});

describe('the conditional-forwarding codes', () => {
  it('are the carriers’ no-answer codes with the number and their undo', () => {
    expect(forwardingCode('att', NUMBER)).toEqual({ on: '*923125550100#', off: '*93#' });
    expect(forwardingCode('verizon', NUMBER)).toEqual({ on: '*713125550100', off: '*73' });
    expect(forwardingCode('gsm', NUMBER)).toEqual({ on: '**004*+13125550100#', off: '##004#' });
  });

  it('the code texts give the code, the undo and the test call', () => {
    for (const name of NAMES) {
      for (const carrier of CARRIERS) {
        const text = carrierCodeText(name, carrier, NUMBER, 'en');
        const { on, off } = forwardingCode(carrier, NUMBER);
        expect(text).toContain(on);
        expect(text).toContain(off);
        expect(text).toContain('we will text Forwarding works');
        expect(text.startsWith(`${name.slice(0, 10)}`)).toBe(true);
      }
    }
    // With a short name the limits of forwarding fit too.
    expect(carrierCodeText('Voice Summary', 'att', NUMBER)).toMatch(/prepaid.*Live Voicemail/);
  });

  it('the idle text gives the carrier’s code again, or all three when no carrier was named', () => {
    expect(forwardingIdleText('Voice Summary', NUMBER, 'verizon')).toContain('*713125550100');
    const all = forwardingIdleText('Voice Summary', NUMBER, null);
    for (const carrier of CARRIERS) expect(all).toContain(forwardingCode(carrier, NUMBER).on);
    expect(all).toContain('(312) 555-0100');
  });

  it('no text ever suggests an unconditional code (*72, **21*): the phone would never ring', () => {
    const texts = everyText();
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) for (const code of UNCONDITIONAL_CODES) expect(text).not.toContain(code);
    for (const carrier of CARRIERS) {
      const { on, off } = forwardingCode(carrier, '+17205550172');
      for (const code of UNCONDITIONAL_CODES) {
        expect(on.startsWith(code)).toBe(false);
        expect(off.startsWith(code)).toBe(false);
      }
    }
  });

  it('every text is GSM-7 within two segments, even with a 40-character service name', () => {
    for (const text of everyText()) {
      expect(smsEncoding(text), text).toBe('GSM-7');
      expect(segmentCount(text), text).toBeLessThanOrEqual(2);
    }
  });
});
