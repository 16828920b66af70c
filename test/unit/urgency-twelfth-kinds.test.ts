/**
 * Spam on the twelfth held-out set, read once the thirteenth was measured (issue 32, seventh session): a Google
 * listing robocall ("press 1 to speak to a listing specialist") and a zero-down solar pitch went through as
 * ordinary messages, each with one of its key words heard with doubt. A pitch's other words are now a sign of
 * their own, the listing offer is a kind, and "press 9 to be removed" is a robocall's menu. The set's own words,
 * other phrasings, and real calls that share their words.
 */
import { describe, expect, it } from 'vitest';
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import { SALES_REASONS, urgencyOf } from '#core/urgency/urgency';
import { rules } from '../support/urgency-heard';

/** Every word heard at 0.97 but those in `doubted` (as written), at 0.3. */
const heard = (text: string, doubted: readonly string[]): HeardTranscript => ({
  text,
  words: text
    .split(' ')
    .map((word) => ({ text: word, confidence: doubted.includes(word) ? 0.3 : 0.97, at: 0 })),
});

describe('robocall kinds the twelfth held-out set let through', () => {
  it('a zero-down solar pitch with "Solar" heard with doubt: its other words are a second sign', () => {
    const pitch =
      "Hey there, this is Brandon with Sun Bright Energy Solutions. Homes in your neighborhood have been qualifying for our Zero Down Solar Program. There's also a federal credit that's going away soon. Give me a call back.";
    expect(urgencyOf(heard(pitch, ['Solar']))).toMatchObject({
      level: 'likely_spam',
      reason: SALES_REASONS.pitch,
    });
  });

  it.each([
    'Hi, this is Kayla calling from the local business verification center about your Google business listing. Our records show your listing is unverified.',
    'This is a courtesy call about your business listing, which will be suspended unless it is verified today.',
  ])('an offer to fix a business listing: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SALES_REASONS.listing });
  });

  it('"press 9 to be removed" is a robocall\'s menu', () => {
    expect(rules('Great rates are waiting for you. Press 9 to be removed.')).toMatchObject({
      level: 'likely_spam',
      reason: SALES_REASONS.pressMenu,
    });
  });

  it.each([
    "Hi, it's Dana from Westside Tax. The federal credit on your return is going away from the amended total, so call me.",
    'Hey, press the button twice to be removed from the group chat, lol. Call me.',
    "It's Sam. I put the listing for the house on Zillow, can you check the photos?",
  ])('a real call that shares their words is no spam: "%s"', (text) => {
    expect(rules(text).level).not.toBe('likely_spam');
  });
});

describe('deadlines the twelfth held-out set still let through, read again in the ninth session', () => {
  it.each([
    "The sellers on Maple Court came back with a counter offer at 342,000. The catch is they want it signed by 6 o'clock tonight, because they have another offer sitting there.",
    "The catch is they wanted signed by six o'clock tonight because they have the mother offers it in there",
  ])('a paper someone wants signed by a time tonight: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'a deadline today' });
  });

  it.each([
    "The X-rays show Biscuit has a sock stuck in his intestine, and we'd like to do surgery this afternoon, the estimate is about two thousand four hundred dollars, and we need your O. K. first.",
  ])('something to be done today that waits on your okay: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'a decision is needed today' });
  });

  it('a surgery today that waits on your okay, the okay heard with doubt', () => {
    const text =
      "the X-rays show biscuit has a socks-hawk in his intestine, and we'd like to do surgery this afternoon, the estimate is about two thousand four hundred dollars, and we need your O. K. first.";
    expect(rules(text, ['your', 'O.'])).toMatchObject({
      level: 'urgent',
      reason: 'a decision is needed today',
    });
    expect(rules('The surgery this afternoon went well, she is resting now.').level).toBe('normal');
  });

  it.each([
    'We would like it signed by Friday, no rush.',
    'We need your okay on the paint colors, whenever you get a chance next week.',
  ])('a paper or an okay for another day is not: "%s"', (text) => {
    expect(rules(text).level).toBe('normal');
  });
});
