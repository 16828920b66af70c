/**
 * A dentist's automated reminder taken for a robocall (issue 32, eighth session): the tenth held-out set's
 * "please arrive about ten minutes early to confirm, press 1 or call us" was answered "Likely a recorded sales
 * call: a press-1 menu" on both its recordings. Confirming one's own visit is no sales menu; "to confirm your
 * eligibility, press 1" still is one.
 */
import { describe, expect, it } from 'vitest';
import { SALES_REASONS } from '#core/urgency/urgency';
import { rules } from '../support/urgency-heard';

describe("a press-1 menu that confirms the listener's own visit", () => {
  it('is not a robocall: "to confirm, press 1 or call us"', () => {
    const reminder =
      'Hello, this is Bright Smile Dental with a reminder for Owen. Your cleaning is on Thursday at 2:30 in the afternoon. Please arrive about 10 minutes early to confirm, press 1 or call us at 608-555-0112.';
    expect(rules(reminder).level).not.toBe('likely_spam');
  });

  it.each([
    'To confirm your eligibility, press 1 now to speak with a benefits specialist.',
    'Your order is on hold. To confirm the charge press 1, to cancel press 2.',
  ])('still reads a sales menu: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SALES_REASONS.pressMenu });
  });
});
