/**
 * Spam on the ninth held-out set, read after its runs (issue 32, seventh session): two robocalls of kinds the
 * FTC lists among the commonest, a "holiday drawing" prize and student-loan forgiveness, went through as
 * ordinary messages. The set's own words, other phrasings of the same kinds, and the real calls that share
 * their words. And the urgency benchmark's grandparent scam ("two thousand dollars for bail today. Please do not
 * discuss this with anyone"), which the learned opinion raised to urgent once the rules let it through.
 */
import { describe, expect, it } from 'vitest';
import { SALES_REASONS, SCAM_REASONS } from '#core/urgency/urgency';
import { rules } from '../support/urgency-heard';

describe('robocall kinds the ninth held-out set let through', () => {
  it.each([
    'Your phone number was selected in our holiday drawing for a three-night Bahamas cruise for two. All you pay is the port fees of $99.',
    'Congratulations, your number has been chosen in our grand prize drawing. Call to claim it before Friday.',
  ])('a prize drawing: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SCAM_REASONS.prize });
  });

  it.each([
    'Hi, this is Kevin from the Student Relief Center, calling about your federal student loans. You may qualify for full forgiveness under a new program, but enrollment closes this week.',
    'We are calling about your student loans, which may be eligible to be forgiven. Call us back.',
  ])('student-loan forgiveness: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SALES_REASONS.pitch });
  });

  it.each([
    "Hey it's Mia, we won the raffle at the school fair, a trip for two to Chicago! Call me.",
    'Hi, this is Sandra from your loan servicer about your federal student loans. Your first payment is due on the 15th. Call us at 800-555-0101.',
    "It's Dad. Your cousin's name was drawn for the family gift swap, so get her something nice.",
  ])('a friend\'s prize, a servicer\'s notice, a name drawn among family are no spam: "%s"', (text) => {
    expect(rules(text).level).toBe('normal');
  });
});

describe("a grandparent scam the urgency benchmark's fresh set let through", () => {
  it.each([
    'Hello, this is attorney Mark Davis, your grandson is in a car accident and he has been arrested. He needs two thousand dollars for bail today. Please do not discuss this with anyone.',
    "It's about your nephew. He needs cash for his bail before tonight, and please don't mention this to anyone.",
  ])('money for bail, kept secret: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SCAM_REASONS.secrecy });
  });
});

describe('the ninth set read again (issue 32, ninth session)', () => {
  it('an inspector locked out at the gate: "if nobody lets me in by 1.50 I have to fail it"', () => {
    const text =
      "Ray Glenn Patterson County Building Department I'm here for your framing inspection on Alder, set for 1, and the gates locked. If nobody lets me in by 1.50 I have to fail it, and you go back in line.";
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'a deadline before 1:50 today' });
    expect(rules('If nobody is home by Friday at noon we will reschedule.').level).toBe('normal');
  });

  it('a student dropped from classes at 5 today: "at 5 o\'clock today, a student with a hold is dropped from their classes"', () => {
    const text =
      "There's a hold on your account for an unpaid fee of $65, and at 5 o'clock today, a student with a hold is dropped from their spring classes. Pay online or at the window.";
    expect(rules(text).level).toBe('urgent');
    expect(rules('Today the kids are dropped off at the side door.').level).toBe('normal');
  });

  it('student-loan forgiveness with a filler heard with doubt between its words', () => {
    const text =
      'Hi, this is Kevin from the Student Relief Center, calling about your federal student loans. You make well if I for full forgiveness under a new program, but enrollment closes this week.';
    expect(rules(text, ['full'])).toMatchObject({ level: 'likely_spam', reason: SALES_REASONS.pitch });
  });
});
