/**
 * The fifteenth held-out set, read once the sixteenth had been measured and a seventeenth written (issue 32, ninth
 * session): an electric co-op's shut-off by 4 unless a sum is paid, a health department's "don't drink the water",
 * a crypto wallet's fake security notice, a tax-preparation reminder that names a Social Security statement, and a
 * pet's knee surgery booked for Tuesday. The set's words, other phrasings, and calm calls that share their words.
 */
import { describe, expect, it } from 'vitest';
import { SCAM_REASONS } from '#core/urgency/urgency';
import { rules } from '../support/urgency-heard';

describe('urgent kinds the fifteenth held-out set let through', () => {
  it('a sum not paid by a time today: "If $212 isn\'t paid by 4 o\'clock this afternoon, the crew will shut the power off"', () => {
    const text =
      "Hello, this is Darnell calling from Dry County Electric Co-operative, your payment came back. If $212 isn't paid by 4 o'clock this afternoon, the crew will shut the power off.";
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'a deadline before 4 today' });
    expect(rules("If 40 dollars isn't paid by Friday we'll send a reminder.").level).toBe('normal');
  });

  it.each([
    "This is the county health department for the owner of the well on Orchard Lane, your water sample from Tuesday came back positive for E. coli, please don't drink the water or cook with it.",
    'The city has issued a boil water notice for your street until further notice.',
  ])('water not safe to drink: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'your water is not safe to drink' });
  });

  it.each([
    "The pipe is fixed, you can use the water again, don't forget to run the tap a minute.",
    "Your jacket is ready, and don't use hot water on it, the stain could set.",
    "For tomorrow's test, don't drink too much water after midnight.",
  ])('leaves water that is safe to drink normal: "%s"', (text) => {
    expect(rules(text).level).toBe('normal');
  });
});

describe('spam and false alarms the fifteenth held-out set showed', () => {
  it("a crypto wallet's security notice is a scam, not urgent", () => {
    const text =
      'This is an automated security notice from the CoinVo Fraud Prevention Team, a withdrawal of about $26,000 has been requested from your wallet to a new device. If you did not authorize this, call our security line right away.';
    expect(rules(text)).toMatchObject({ level: 'likely_spam', reason: SCAM_REASONS.account });
  });

  it('a tax-preparation reminder that asks for your Social Security statement is no Social Security threat', () => {
    const text =
      "This is the Riverside Senior Center with a reminder about your tax preparation appointment on Monday at 9:30 a.m. Please bring last year's return, your Social Security statement, any 1099 forms, and a photo ID. If you need to cancel, call the front desk.";
    expect(rules(text).level).toBe('normal');
    expect(rules('Your Social Security number has been suspended due to fraudulent activity.').level).toBe(
      'likely_spam',
    );
  });

  it("a pet's surgery booked for Tuesday is not a pet in trouble; surgery needed today still is", () => {
    expect(
      rules(
        "Hi, this is Marcia at Cedar Hill Animal Hospital, calling to confirm Rocco's knee surgery for Tuesday. Please drop him off at 7:30am and no food after 10pm the night before.",
      ).level,
    ).toBe('normal');
    expect(rules('This is the animal hospital, Rocco needs surgery today, please call us.')).toMatchObject({
      level: 'urgent',
    });
  });
});
