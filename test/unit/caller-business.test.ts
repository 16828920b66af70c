/**
 * The business a caller names (issue 32): recognised by its shape, the caller when no person is named, checked
 * like a name (a misheard business is marked, never stated), and saved as the contact card's organization; no
 * card named by a role; and the true reason the page gives when there is no card. Real
 * offline summarizer, real checks, real reply composer.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CardSource, contactMissing, messageCards } from '#core/cards/message-cards';
import { businessesHeard as businesses, heard, offlineMessage as message } from '../support/caller-messages';

const ZONE = { timeZone: 'America/Chicago' };

const card = (source: CardSource) => {
  const body = messageCards(source, ZONE).contact?.body;
  return body === undefined ? null : new ICAL.Component(ICAL.parse(body));
};

describe('a business the caller names', () => {
  it('is found after the name, and by its shape when no person is named', () => {
    expect(businesses('Hi, this is Jenna from Lakeside Dental. See you Monday.')).toEqual([
      'Lakeside Dental: sure',
    ]);
    expect(businesses('Hello, this is Pacific Gas and Power calling about your bill.')).toEqual([
      'Pacific Gas and Power: sure',
    ]);
    expect(businesses('This message is from Lincoln Elementary School about the closing.')).toEqual([
      'Lincoln Elementary School: sure',
    ]);
    expect(businesses("Hi, I'm calling from the leasing office about your lease.")).toEqual([
      'leasing office: sure',
    ]);
    expect(businesses('Hi, Lakeside Dental calling to remind you of your cleaning.')).toEqual([
      'Lakeside Dental: sure',
    ]);
    expect(businesses('Greenfield Pharmacy here. Your prescription is ready.')).toEqual([
      'Greenfield Pharmacy: sure',
    ]);
    // Never cut short to its kind: "the School of <garble>" is no "the School", "Bank of America" no "Bank".
    expect(businesses('Hello, this is the School of Disattling Connellimentary, your son is sick.')).toEqual(
      [],
    );
    expect(businesses('Hello, this is Bank of America calling about your card.')).toEqual([]);
    // Not a business: where someone went, what they bought, a time.
    expect(businesses('I picked up your order at the pharmacy and it is ready from 8 to noon.')).toEqual([]);
  });

  it('that does not read as a business is held to a name\'s bar: "Lakeside Gentle" at 0.8 is doubtful', () => {
    const at = (text: string) => businesses(text, { Lakeside: 0.8, 'Gentle.': 0.8, 'Dental.': 0.8 });
    expect(at('Hi, this is Jenna from Lakeside Dental.')).toEqual(['Lakeside Dental: sure']);
    expect(at('Hi, this is Jenna from Lakeside Gentle.')).toEqual(['Lakeside Gentle: doubtful']);
    const { caller } = message(
      heard('Hi, this is Jenna from Lakeside Gentle. Call us at 312-555-0147.', { Lakeside: 0.8 }),
    );
    expect(caller).toBe('Jenna');
  });

  it('misheard, is marked (?) in the texted transcript and not named as the caller', () => {
    const { first, caller } = message(
      heard('Hi, this is Jenna from Lakeside Gentle. Please call us at 312-555-0147.', {
        Lakeside: 0.44,
        'Gentle.': 0.46,
      }),
    );
    // Each word of it marked: "Lakeside Gentle(?)" read as doubting "Gentle" alone (issue 32).
    expect(first).toContain('from Lakeside(?) Gentle(?).');
    expect(caller).toBe('Jenna');
  });

  it('heard well, is the caller when no person is named, and the contact card is the business', () => {
    const { first, caller, source } = message(
      heard(
        'Hello, this is Pacific Gas and Power calling about your account. Your balance is past due and service may stop on Friday. Please call us back at 312-555-0147 as soon as you can to arrange a payment.',
      ),
    );
    expect(caller).toBe('From Pacific Gas and Power');
    expect(first).not.toContain('(?)');
    const vcard = card(source);
    expect(vcard?.getFirstPropertyValue('kind')).toBe('org');
    expect(vcard?.getFirstPropertyValue('fn')).toBe('Pacific Gas and Power');
    expect(vcard?.getFirstPropertyValue('tel')).toBe('tel:+13125550147');
    expect(contactMissing(source, ZONE)).toBeNull();
  });

  it('opening the voicemail ("Hi, Lakeside Dental calling"), is the caller', () => {
    const { caller } = message(
      heard('Hi, Lakeside Dental calling to remind you of your cleaning on Monday. Call us at 312-555-0147.'),
    );
    expect(caller).toBe('From Lakeside Dental');
  });

  it('after "Name, calling from", is the organization beside the name', () => {
    const { caller, source } = message(
      heard(
        'Hello, my name is Daniel, calling from the Fraud Department of First National Bank. We noticed a charge on your card. My direct line is 303-555-0155.',
      ),
    );
    expect(caller).toBe('Daniel from First National Bank');
    expect(card(source)?.getFirstPropertyValue('org')).toBe('First National Bank');
  });
});

describe('who called, in a summary', () => {
  it('is found after "I\'m" as the checks find it, and a doubted first name leads the summary marked (?)', () => {
    const long =
      "Hi, I'm Dana from Acme Plumbing. I looked at the leak under your sink this morning and the pipe needs replacing before it gets worse. The part costs about two hundred dollars and I can come back on Thursday. Call me at 512-555-0147.";
    expect(message(heard(long)).caller).toBe('Dana from Acme Plumbing');
    const doubted = message(heard(long, { Dana: 0.7 }));
    expect(doubted.first).toMatch(/^Voice Summary: Dana\(\?\) from Acme Plumbing: /);
    expect(doubted.caller).toBe('From Acme Plumbing');
    expect(card(doubted.source)?.getFirstPropertyValue('fn')).toBe('Acme Plumbing');
  });
});

describe('the contact card', () => {
  it('is never named by a role: a caller known only as "the plumber" gets no card, and the page says why', () => {
    const { first, source } = message(
      heard("Hey, it's Jake, the plumber. I can't come until Monday. Text or call me at 512-555-0147.", {
        'Jake,': 0.61,
      }),
    );
    expect(first).toContain('Jake(?)');
    expect(card(source)).toBeNull();
    expect(contactMissing(source, ZONE)).toMatch(/who called .* was not heard well/);
  });

  it('is not offered for likely spam, and the page says so', () => {
    const { source } = message(
      heard('Hello, this is Pacific Gas and Power calling. Call us at 312-555-0147.'),
      { level: 'likely_spam', reason: 'reads like a robocall', source: 'rules' },
    );
    expect(messageCards(source, ZONE).contact).toBeNull();
    expect(contactMissing(source, ZONE)).toMatch(/spam/);
  });

  it('when missing, gives the true reason: no number, a number not heard well, or no caller heard well', () => {
    const noNumber = message(heard('Hi, this is Jenna from Lakeside Dental. See you on Monday.'));
    expect(contactMissing(noNumber.source, ZONE)).toMatch(/no callback number was heard/);
    const unclear = message(
      heard('Hi, this is Jenna from Lakeside Dental. Call us at 312-555-0147.', { '312-555-0147.': 0.3 }),
    );
    expect(contactMissing(unclear.source, ZONE)).toMatch(/number they gave was not heard well/);
    const nobody = message(
      heard('Hi, this is Jenna from Lakeside Gentle. Call us at 312-555-0147.', {
        Jenna: 0.5,
        Lakeside: 0.44,
        'Gentle.': 0.46,
      }),
    );
    expect(contactMissing(nobody.source, ZONE)).toMatch(/who called .* was not heard well/);
  });
});
