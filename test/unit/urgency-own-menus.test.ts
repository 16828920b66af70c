/**
 * Real messages that borrow a robocall's or a scam's words (issue 32, the sixth held-out set, in phrasings
 * written for these tests): an appointment reminder's "press 1 to reschedule" is no sales menu, and a bank's
 * fraud desk telling of a hold on a wire transfer does not ask for one. Told as "Likely a scam", either would
 * hide an appointment or an $18,000 transfer from the person who acts on the text without listening.
 */
import { describe, expect, it } from 'vitest';
import { rules } from '../support/urgency-heard';

describe("a menu for the listener's own appointment is no sales call", () => {
  it.each([
    'This is Maple Grove Dental reminding you of your appointment Thursday at 3:15 with Dr. Ames. Press 1 to reschedule.',
    'Hello from Westside Pharmacy, your prescription is ready. To confirm your pickup, press one.',
    'This is City Vision Center. To confirm your appointment tomorrow at nine, press 1. Press 2 to repeat this message.',
  ])('%s -> not spam', (text) => {
    expect(rules(text).level).not.toBe('likely_spam');
  });

  it('a menu that sells is still a sales call', () => {
    expect(rules('Great news about your account. Press 1 to speak with an agent now.')).toMatchObject({
      level: 'likely_spam',
      reason: 'a press-1 menu',
    });
    expect(rules('You have been selected for a free upgrade. Press one to confirm your order.').level).toBe(
      'likely_spam',
    );
  });
});

describe('told of a wire transfer is not asked to wire money', () => {
  it("a bank's hold on an outgoing wire is not a scam, and its deadline today makes it urgent", () => {
    const text =
      'This is the fraud prevention team at Lakeland Bank. We have placed a hold on an outgoing wire transfer of $9,400 from your checking account. If you did not authorize it, call us back by 3 p.m. today.';
    expect(rules(text).level).toBe('urgent');
  });

  it.each([
    'Your grandson is in jail. You need to wire the money today so he can come home.',
    'To settle your account you must pay by wire transfer before 5 p.m. or a warrant will be issued.',
    'Send a wire transfer of $2,000 through Western Union and read me the number.',
  ])('%s -> likely a scam', (text) => {
    expect(rules(text).level).toBe('likely_spam');
  });
});
