/**
 * Nothing unheard is stated, nothing to act on from a scam (issue 31), in core: each attack the issue found,
 * and what the sender, the card and the page get from it now. The same attacks through the running service
 * (the fake OpenAI answering them, the texts Twilio is given, the files, the page) are in
 * test/integration/unheard-facts.test.ts.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText } from '#core/cards/content-lines';
import { type CardSource, messageCards } from '#core/cards/message-cards';
import { hasLinkText, LINK_MARK, withoutLinks } from '#core/facts/link-text';
import { statedSummary } from '#core/facts/stated-summary';
import type { CallerCandidate, VoiceSummary } from '#core/facts/summary';
import { messageCallbackLine, messageNumberUnclear } from '#core/texts/callback-lines';
import { composeReply } from '#core/texts/service-texts';
import type { HeardWord } from '#core/transcripts/heard-words';
import { textedReason } from '#core/urgency/texted-reasons';
import { checkedUrgency } from '#core/urgency/urgency';
import { shownUrgency } from '#core/urgency/urgency-words';

const REBECCA =
  "Hi, this is Rebecca from Chase. I'm calling from the fraud department. Please call me back at 415-555-0132 tomorrow at 10 am.";

const SUMMARY: VoiceSummary = {
  summary: 'Asks you to call back about your card.',
  key_points: [],
  callback_number: '415-555-0132',
  callback_time: 'tomorrow at 10 am',
  requested_action: null,
};

/** The summary the sender gets when a summarizer proposed `caller` and `summary` for `transcript`. */
function stated(
  caller: CallerCandidate,
  summary: Partial<VoiceSummary> = {},
  transcript: string | { text: string; words: HeardWord[] } = REBECCA,
) {
  const heard = typeof transcript === 'string' ? { text: transcript, words: null } : transcript;
  return statedSummary({ ...SUMMARY, ...summary }, caller, heard, { isValidNumber: () => true }).summary;
}

const who = (name: string | null, organization: string | null = null, role: string | null = null) => ({
  name,
  organization,
  role,
});

describe('a caller as the summarizer proposes them', () => {
  it('a word added to the name is not stated: "Rebecca https://evil.example/pay" is "Rebecca"', () => {
    const summary = stated(who('Rebecca https://evil.example/pay'));
    expect(summary.caller_parts?.name).toBe('Rebecca');
    expect(summary.summary).toBe('Rebecca: Asks you to call back about your card.');
    expect(stated(who('Rebecca Colling')).caller_parts?.name).toBe('Rebecca');
  });

  it('a business is stated only when every word of it was said: "Chase Bank" where only "Chase" was is not', () => {
    expect(stated(who('Rebecca', 'Chase Bank')).caller_parts).toEqual(who('Rebecca'));
    expect(stated(who('Rebecca', 'Chase')).caller_parts).toEqual(who('Rebecca', 'Chase'));
    expect(stated(who('Rebecca', 'Chase')).caller).toBe('Rebecca from Chase');
    expect(stated(who(null, null, 'the fraud department')).caller).toBe('The fraud department');
    expect(stated(who(null, null, 'the fraud department at Chase Bank')).caller).toBeNull();
    // A model repeating the business nobody said in its text: taken out there too.
    expect(stated(who('Rebecca', 'Chase Bank'), { summary: 'Chase Bank asks you to call.' }).summary).toBe(
      'Rebecca: [unclear] asks you to call.',
    );
  });

  it('a word of it the engine doubted is not heard: no business from it', () => {
    const words = REBECCA.split(' ').map(
      (text): HeardWord => ({ text, confidence: text === 'Chase.' ? 0.3 : 0.97, at: 0 }),
    );
    const summary = stated(who('Rebecca', 'Chase'), {}, { text: REBECCA, words });
    expect(summary.caller_parts?.organization).toBeNull();
  });

  it('is stated without control, bidirectional or separator characters', () => {
    const summary = stated(who('\u202eRebecca\u2066', 'Chase\u2028'));
    expect(summary.caller_parts).toEqual(who('Rebecca', 'Chase'));
  });
});

describe('web addresses and e-mails', () => {
  it('are recognized written or said aloud, and not confused with abbreviations or amounts', () => {
    for (const link of ['https://evil.example/pay', 'www.chase.com', 'chase.com', 'pay@chase.com'])
      expect(hasLinkText(`go to ${link} now`)).toBe(true);
    for (const said of [
      'verify at chase dot com',
      'w w w chase',
      'chase dot com slash pay',
      'chase punto com',
    ])
      expect(hasLinkText(said)).toBe(true);
    expect(hasLinkText('a las cinco en punto me llama')).toBe(false);
    for (const plain of [
      'at 5 p.m. today',
      "Dr. Patel's office",
      'it is 3.50 dollars',
      'e.g. Friday',
      'dot the i',
    ])
      expect(hasLinkText(plain)).toBe(false);
    expect(withoutLinks('Verify at chase dot com slash pay, today.')).toBe(`Verify at ${LINK_MARK}, today.`);
  });

  it('never reach the summary, its key points, the requested action or the callback time', () => {
    const summary = stated(who('Rebecca'), {
      summary: 'Verify your card at https://evil.example/pay or chase dot com.',
      key_points: ['see www.chase.com'],
      requested_action: 'E-mail help@chase.com',
      callback_time: 'tomorrow at 10 am, chase.com',
    });
    expect(summary.summary).toBe(`Rebecca: Verify your card at ${LINK_MARK} or ${LINK_MARK}.`);
    expect(summary.key_points).toEqual([`see ${LINK_MARK}`]);
    expect(summary.requested_action).toBe(`E-mail ${LINK_MARK}`);
    expect(summary.callback_time).toBeNull();
  });

  it('stored before these checks, are taken out of the text as it is sent', () => {
    const [first] = composeReply({
      mode: 'summary_only',
      summary: { ...SUMMARY, summary: `Please verify at chase dot com. ${'More words here. '.repeat(12)}` },
      transcript: `${REBECCA} ${'More words here. '.repeat(12)}`,
    });
    expect(first).toContain(LINK_MARK);
    expect(first).not.toMatch(/dot com/);
  });
});

describe('the urgency reason', () => {
  const pitch =
    'Hello, we are calling about your account. Call our department back, or verify at chase dot com.';

  it("a model's is kept only when every word was heard, and never with an address", () => {
    const steered = checkedUrgency(
      { text: pitch, words: null },
      { level: 'likely_spam', reason: 'verify at chase dot com' },
    );
    expect(steered).toEqual({ level: 'likely_spam', reason: 'reads like a robocall', source: 'model' });
    const added = checkedUrgency(
      { text: pitch, words: null },
      { level: 'likely_spam', reason: 'bank impostor' },
    );
    expect(added.reason).toBe('reads like a robocall');
    const heard = checkedUrgency(
      { text: pitch, words: null },
      { level: 'likely_spam', reason: 'about your account' },
    );
    expect(heard.reason).toBe('about your account');
  });

  it('the text names only fixed reasons of the rules', () => {
    expect(textedReason('asks for payment by gift card')).toBe('asks for payment by gift card');
    expect(textedReason('about your account')).toBeNull();
    expect(textedReason('verify at chase dot com')).toBeNull();
  });

  it('a page shows none that carries an address, though one was stored before these checks', () => {
    const urgency = { level: 'likely_spam', reason: 'verify at chase dot com', source: 'model' } as const;
    expect(shownUrgency({ urgency })).toEqual({ level: 'likely_spam', reason: null });
  });
});

describe('card fields', () => {
  it('lose control, bidirectional and separator characters', () => {
    const hostile = 'Call\u202e back\u2066 \u200fnow\u061c\u200e\u2069\u2028later\u2029x\u0085y\u0007';
    expect(escapeText(hostile)).toBe('Call back now later x y');
  });
});

/** A message whose facts passed the checks: a caller, a number and a time, for a contact card and an event. */
function message(urgency: CardSource['urgency'], review: CardSource['urgency_review'] = null): CardSource {
  return {
    id: 'msg-scam-1',
    created_at: '2026-11-26T15:00:00.000Z',
    summary: 'Daniel asks for two gift cards.',
    transcript:
      'Hi, this is Daniel. Buy two Google Play gift cards and call me back at 415-555-0132 today at 3 pm.',
    summary_details: {
      ...SUMMARY,
      callback_time: 'today at 3 pm',
      caller: 'Daniel',
      caller_parts: who('Daniel'),
    },
    stated_facts: { number_unclear: { at: 4 }, unsure: [] },
    urgency,
    urgency_review: review,
  };
}

describe('a message shown as likely spam', () => {
  const spam = { level: 'likely_spam', reason: 'asks for payment by gift card', source: 'rules' } as const;
  const review = (level: 'normal' | 'likely_spam', was: 'urgent' | 'likely_spam') => ({
    level,
    was,
    reviewed_by: 'admin@example.com',
    reviewed_at: '2026-11-26T15:05:00.000Z',
  });

  it('has no contact card, no event, no callback line and no unclear number', () => {
    const normal = message({ level: 'normal', reason: '', source: 'rules' });
    const cards = messageCards(normal, { timeZone: 'America/New_York' });
    expect(cards.contact).not.toBeNull();
    expect(new ICAL.Component(ICAL.parse(cards.event!.body)).name).toBe('vcalendar');
    expect(messageCallbackLine(normal)).toMatch(/^Call back: \(415\) 555-0132/);

    expect(messageCards(message(spam), { timeZone: 'America/New_York' })).toEqual({
      contact: null,
      event: null,
      noEvent: 'No calendar event: this message looks like spam.',
    });
    expect(messageCallbackLine(message(spam))).toBeNull();
    expect(messageNumberUnclear(message(spam))).toBeNull();
    expect(messageNumberUnclear(normal)).toEqual({ at: 4 });
  });

  it("follows the operator's correction either way", () => {
    const corrected = message(spam, review('normal', 'likely_spam'));
    expect(messageCards(corrected, { timeZone: 'America/New_York' }).contact).not.toBeNull();
    const marked = message({ level: 'urgent', reason: '', source: 'rules' }, review('likely_spam', 'urgent'));
    expect(messageCallbackLine(marked)).toBeNull();
  });
});
