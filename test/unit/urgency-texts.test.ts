/**
 * Urgency in the texts (issue 25): an urgent message's first text starts "URGENT:" (in Spanish "URGENTE:"),
 * whether it carries a summary or the whole voicemail; a likely-spam message gets one line instead of the
 * summary and transcript, naming what it likely is and why, with FULL and the link; within the first text's
 * two segments.
 */
import { describe, expect, it } from 'vitest';
import type { VoiceSummary } from '#core/facts/summary';
import { composeReply } from '#core/texts/service-texts';
import { segmentCount, smsEncoding } from '#core/texts/sms-text';
import { SALES_REASONS, SCAM_REASONS } from '#core/urgency/urgency';
import type { Urgency } from '#core/urgency/urgency-schema';

const LINK = 'https://d111111abcdef8.cloudfront.net/m/Xk3p9QaZ2mT7vB4nL8wR1c';
const SHORT = "Hi, it's Lisa. My son is sick, please call me before five today.";
const LONG = `${SHORT}${' He has had a fever since lunch and the nurse says he should go home and rest for the day.'.repeat(3)}`;

const summary = (text: string): VoiceSummary => ({
  summary: text,
  key_points: [],
  callback_number: null,
  callback_time: null,
  requested_action: null,
});

const reply = (transcript: string, urgency: Urgency | null, language: 'en' | 'es' = 'en') =>
  composeReply({
    mode: 'full',
    summary: summary('Lisa: her son is sick; call her before 5 today.'),
    transcript,
    serviceName: 'Voice Summary',
    link: LINK,
    language,
    urgency,
  });

const urgent: Urgency = { level: 'urgent', reason: 'a child is sick or hurt', source: 'rules' };
const spam = (reason: string): Urgency => ({ level: 'likely_spam', reason, source: 'rules' });

describe('an urgent message', () => {
  it('starts "URGENT: " before the heading, with a summary or with the whole voicemail', () => {
    const [summarized] = reply(LONG, urgent);
    const [whole] = reply(SHORT, urgent);
    expect(summarized).toMatch(/^URGENT: Voice Summary: Lisa: her son is sick/);
    expect(whole).toMatch(/^URGENT: Voice Summary, whole message: Hi, it's Lisa\./);
    for (const text of [summarized!, whole!]) {
      expect(text.endsWith(LINK)).toBe(true);
      expect(segmentCount(text)).toBeLessThanOrEqual(2);
    }
  });

  it('starts "URGENTE: " in Spanish', () => {
    expect(reply(LONG, urgent, 'es')[0]).toMatch(/^URGENTE: Voice Summary - resumen: /);
  });

  it('and only an urgent one: a normal message, or one from before urgency, starts with its heading', () => {
    for (const urgency of [{ level: 'normal', reason: '', source: 'rules' } as const, null]) {
      expect(reply(LONG, urgency)[0]).toMatch(/^Voice Summary: /);
    }
  });
});

describe('a likely-spam message', () => {
  it('gets one line naming a scam and why, FULL, and the link: no summary, no transcript', () => {
    const texts = reply(LONG, spam(SCAM_REASONS.giftCard));
    expect(texts).toEqual([
      `Likely a scam: asks for payment by gift card. Reply FULL for the transcript.\n${LINK}`,
    ]);
    expect(segmentCount(texts[0]!)).toBe(1);
  });

  it('names a recorded sales call as one', () => {
    expect(reply(LONG, spam(SALES_REASONS.warranty))[0]).toBe(
      `Likely a recorded sales call: an extended warranty offer. Reply FULL for the transcript.\n${LINK}`,
    );
  });

  it('says "Likely spam" and no more for a reason not of the rules: a model\'s words never reach a text', () => {
    // Issue 31: a model's reason can be steered by the voicemail ("verify at chase dot com").
    for (const reason of ['a “benefits” robocall', 'verify at chase dot com', 'eligible benefits', '']) {
      expect(reply(LONG, spam(reason))[0]).toBe(`Likely spam. Reply FULL for the transcript.\n${LINK}`);
    }
    expect(smsEncoding(reply(LONG, spam('a “benefits” robocall'))[0]!)).toBe('GSM-7');
  });

  it("in Spanish, the rules' reason translated; a model's left out", () => {
    expect(reply(LONG, spam(SCAM_REASONS.giftCard), 'es')[0]).toBe(
      `Probablemente una estafa: pide el pago con tarjetas de regalo. Mande FULL para el texto.\n${LINK}`,
    );
    expect(reply(LONG, spam('a benefits robocall'), 'es')[0]).toBe(
      `Probablemente spam. Mande FULL para el texto.\n${LINK}`,
    );
  });

  it('every reason the rules give fits the first text, GSM-7, in English and Spanish', () => {
    for (const reason of [...Object.values(SCAM_REASONS), ...Object.values(SALES_REASONS)]) {
      for (const language of ['en', 'es'] as const) {
        const [text] = reply(LONG, spam(reason), language);
        expect(text).toMatch(/^(Likely|Probablemente) /);
        expect(smsEncoding(text!)).toBe('GSM-7');
        expect(segmentCount(text!)).toBeLessThanOrEqual(language === 'en' ? 1 : 2);
      }
    }
  });
});
