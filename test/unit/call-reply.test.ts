/**
 * A forwarded call's reply and cards (issue 33): the caller ID from the network is the callback, stated as
 * fact whatever the recording says; a number said that differs is still stated after it; a withheld caller ID
 * reads "a private number" and gives the contact card no number.
 */
import { describe, expect, it } from 'vitest';
import { type CardSource, contactMissing, messageCards } from '#core/cards/message-cards';
import type { VoiceSummary } from '#core/facts/summary';
import { messageCallbackLine } from '#core/texts/callback-lines';
import { composeReply } from '#core/texts/service-texts';

const CALLER = '+13125550147';
const RAMBLING = ' I was calling about the delivery of the cabinets and when it can be made.'.repeat(4);
const SAID = `Hi this is Dana from Oak Kitchens, call me back at 415 555 0132 please.${RAMBLING}`;

const summary = (callback: string | null): VoiceSummary => ({
  summary: 'Dana from Oak Kitchens asks about the cabinet delivery.',
  key_points: [],
  callback_number: callback,
  callback_time: null,
  requested_action: null,
});

const firstText = (
  caller: { number: string | null } | undefined,
  callback: string | null,
  transcript = SAID,
) =>
  composeReply({
    mode: 'summary_only',
    summary: summary(callback),
    transcript,
    serviceName: 'Voice Summary',
    caller,
  })[0]!;

describe("a call's reply", () => {
  it('states the caller ID as the callback, then a different number the caller said', () => {
    expect(firstText({ number: CALLER }, '4155550132')).toContain(
      'Call back: (312) 555-0147, (415) 555-0132',
    );
  });

  it('states the caller ID even when the number heard in the recording was misheard and left out', () => {
    const misheard = `Hi this is Dana from Oak Kitchens, call me back at four one five five.${RAMBLING}`;
    const text = firstText({ number: CALLER }, null, misheard);
    expect(text).toContain('Call back: (312) 555-0147');
    expect(text).not.toContain('415');
  });

  it('says the caller ID once when the caller said the same number', () => {
    const text = firstText({ number: CALLER }, '312-555-0147');
    expect(text.match(/555-0147/g)).toHaveLength(1);
  });

  it('reads "From a private number" when the caller ID was withheld', () => {
    const text = firstText({ number: null }, '4155550132');
    expect(text).toContain('From a private number\nCall back: (415) 555-0132');
  });

  it('is the one spam line for a likely-spam call: no callback, not even the caller ID', () => {
    const [text, ...rest] = composeReply({
      mode: 'full',
      summary: summary(null),
      transcript: SAID,
      serviceName: 'Voice Summary',
      caller: { number: CALLER },
      urgency: { level: 'likely_spam', reason: '' },
    });
    expect(rest).toEqual([]);
    expect(text).toMatch(/^Likely spam/);
    expect(text).not.toContain('555-0147');
  });

  it('is as before for a message that is not a call', () => {
    expect(firstText(undefined, '4155550132')).toContain('Call back: (415) 555-0132');
    expect(firstText(undefined, '4155550132')).not.toContain('312');
  });
});

/** A call's message once the checks ran: the caller named, the number said `said` (or none). */
function callMessage(caller: string | null, said: string | null): CardSource {
  return {
    id: 'CA1-0',
    created_at: '2026-11-26T15:00:00.000Z',
    summary: 'Dana from Oak Kitchens asks about the cabinet delivery.',
    transcript: SAID,
    summary_details: {
      ...summary(said),
      caller: null,
      caller_parts: { name: 'Dana', role: null, organization: 'Oak Kitchens' },
    },
    stated_facts: { number_unclear: null, unsure: [] },
    source: 'call',
    caller_number: caller,
  };
}

describe("a call's page and contact card", () => {
  it('keep the caller ID as the number to call back', () => {
    const message = callMessage(CALLER, null);
    const { contact } = messageCards(message, { timeZone: 'America/Chicago' });
    expect(contact?.body).toContain('tel:+13125550147');
    expect(messageCallbackLine(message)).toBe('Call back: (312) 555-0147');
  });

  it('give a withheld caller no number: "a private number", and no card without a number said', () => {
    const message = callMessage(null, null);
    expect(messageCards(message, { timeZone: 'America/Chicago' }).contact).toBeNull();
    expect(contactMissing(message, { timeZone: 'America/Chicago' })).toContain('no caller to save');
    expect(messageCallbackLine(message)).toBe('From a private number');
  });
});
