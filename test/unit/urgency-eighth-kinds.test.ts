/**
 * Urgency on the eighth held-out set, read after its runs (issue 32, sixth session): a payment that "must be
 * made by five today", a sitter locked out with the baby, and two false alarms, a groomer's "come get her
 * anytime before six today" and a car's recall notice "to schedule" a repair. The set's own words, and other
 * phrasings of the same kinds.
 */
import { describe, expect, it } from 'vitest';
import { rules } from '../support/urgency-heard';

describe('urgent kinds the eighth held-out set missed', () => {
  it.each([
    "Your unit is scheduled for lien sale tomorrow at 9 am. To stop the sale, a payment of $218 must be made by 5 o'clock today.",
    'The signed lease must be received by noon today or the apartment goes to the next applicant.',
  ])('a payment or a paper that must be made or received today: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'a deadline today' });
  });

  it.each([
    "It's Greta, the sitter. The back door swung shut and locked, and my keys and the baby's bottle are inside. Is there a spare key somewhere, or can someone come let us in?",
    'My keys are still inside the car and the engine is running, please call me.',
  ])('someone locked out: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'someone is locked out' });
  });
});

describe('false alarms of the eighth held-out set', () => {
  it('a pickup "anytime before six today" suits the listener: no deadline', () => {
    expect(
      rules(
        'Hi, this is Happy Tails Grooming, calling to let you know Pepper is all done. You can come get her anytime before 6:00 today. The total is $65.',
      ).level,
    ).toBe('normal');
    // A time to come by with no "anytime" is still one.
    expect(rules('Please come get her before 6:00 today, we are closing early.').level).toBe('urgent');
  });

  it('a recall of a car, to schedule a repair, is no warning to act on today; one of pills still is', () => {
    expect(
      rules(
        "Hello, this is the service department at Lakeview Honda with a safety recall notice for your 2016 Accord. The driver's airbag inflator may need replacing, free of charge. To schedule, please call us.",
      ).level,
    ).toBe('normal');
    expect(
      rules('The blood pressure pills you picked up last week were recalled, please call us.'),
    ).toMatchObject({
      level: 'urgent',
      reason: 'a safety warning about something you have',
    });
    expect(rules('The baby formula you bought on Sunday is under a safety recall.').level).toBe('urgent');
  });
});

describe('a request and a time that do not go together', () => {
  it('a "today" two sentences after "call us back" is no deadline for the call', () => {
    expect(
      rules(
        "Hey, call Fenwick Auto back at 303-555-0161. Your Civic's ready, front pads and rotors. We're here till half past five today, or we open at 7:30 tomorrow.",
      ).level,
    ).toBe('normal');
    // Said in the request's sentence, or in the next after the digits, it is one.
    expect(rules('Please call me back at 303-555-0161. Before five today if you can.').level).toBe('urgent');
  });

  it('"by 5-5" is a number said in pieces, not "by five"', () => {
    expect(rules('Call me at noon 1-6. By 5-5, the one local you, extension 427.').level).toBe('normal');
  });
});
