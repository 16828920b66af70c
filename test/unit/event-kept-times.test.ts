/**
 * Which time a message's event keeps (issue 32): not one said of the past nor one cancelled when a new one
 * follows, a time said with no day on the day said alone just before it, and no window whose start was not
 * heard. Through the page's cards (core/cards/message-cards.ts), the event read back by ical.js.
 */
import { describe, expect, it } from 'vitest';
import { eventMessage, eventOrReason } from '../support/event-shown';

/** The event of a message with this transcript (`unsure`: doubtful word ranges), or the page's reason. */
const shown = (transcript: string, unsure: [number, number][] = []) =>
  eventOrReason(eventMessage(transcript, { unsure }));

const NONE = 'No calendar event: no day and time to keep were said.';

describe('a time said of the past, or cancelled, is not kept; the new one is', () => {
  it('gives none for what "was triggered at 2:47": past, whatever else the sentence says', () => {
    expect(
      shown(
        'This is Guardian Home Security. Your back door sensor was triggered at 2:47 pm, followed by motion in the living room. Please call our monitoring center at 888-555-0116.',
      ),
    ).toBe(NONE);
    // The engine's run-on sentence: the call back has no time of its own.
    expect(
      shown(
        'your sensor was triggered at 2:47 p.m. followed by motion please call our monitoring center at 888-555-0116',
      ),
    ).toBe(NONE);
  });

  it('keeps what is to come after a time in the past: "was placed at 3 and will be ready at 5"', () => {
    expect(shown('Your order was placed at 3 and will be ready for pickup at 5.')).toBe(
      '2026-11-26 17:00 - 17:30',
    );
    // A passive that sets the time is no past one.
    expect(shown('Your appointment was moved to Tuesday at 3.')).toBe('2026-12-01 15:00 - 15:30');
    expect(shown('Your delivery was scheduled for tomorrow at 9.')).toBe('2026-11-27 09:00 - 09:30');
  });

  it('keeps the new time of one cancelled, also when the engine cut the sentence in two', () => {
    expect(
      shown(
        'Your flight to Orlando, departing tonight at 8:15 pm. Has been cancelled, you have been rebooked on flight 1940 tomorrow at 6:00 am. To change this, call us.',
      ),
    ).toBe('2026-11-27 06:00 - 06:30');
    expect(shown("We had to cancel Friday at 2, so we've rebooked you for Monday at 10.")).toBe(
      '2026-11-30 10:00 - 10:30',
    );
    // Cut in two and no new time: the cancelled one is no event.
    expect(shown('Your flight departing tonight at 8:15 pm. Has been cancelled. Please call us.')).toBe(NONE);
    expect(shown("I'm sorry, but we have to cancel your appointment on Friday at 2.")).toBe(NONE);
  });

  it('keeps a time followed by "if not": the other way offered takes nothing back', () => {
    expect(
      shown('Can you come by my office? Room 312, Thursday at 2:30 in the afternoon, if not, call me back.'),
    ).toBe('2026-12-03 14:30 - 15:00');
    expect(shown('Your visit on Friday at two is not happening, the doctor is out.')).toBe(NONE);
  });

  it('keeps a delivery window whose run-on sentence says how to reschedule ("to reschedule call us")', () => {
    expect(
      shown(
        'your delivery is scheduled tomorrow between 1 and 5pm and an adult must be present to sign to reschedule call 866-555-0137',
      ),
    ).toBe('2026-11-27 13:00 - 17:00');
    expect(shown('We need to reschedule your 10:15 tomorrow, call us.')).toBe(NONE);
  });
});

describe('a time said with no day takes the day said just before it', () => {
  it('reads "over Saturday night ... come by around seven" as Saturday at seven in the evening', () => {
    expect(
      shown(
        'Declan and I are having a few people over Saturday night for his birthday. Nothing fancy, just pizza. Come by around 7 if you can and bring whoever.',
      ),
    ).toBe('2026-11-28 19:00 - 19:30');
    expect(shown('Your cleaning is tomorrow. Please come in at 9:45 to fill in the forms.')).toBe(
      '2026-11-27 09:45 - 10:15',
    );
  });

  it('takes no day from opening hours, a sentence in the past, nor one said long before', () => {
    expect(shown('We are open Monday through Friday. Please pick it up before six.')).toBe(
      '2026-11-26 17:30 - 18:00',
    );
    expect(shown('I tried you on Monday. Call me back at 3.')).toBe('2026-11-26 15:00 - 15:30');
    expect(shown('See you Saturday. One. Two. Three. Four. Call me back at 3.')).toBe(
      '2026-11-26 15:00 - 15:30',
    );
  });

  it('takes the day a time was moved to, not the one it replaced ("today instead of Thursday")', () => {
    // Thursday 26 November at 10:00: "today" is the 26th; "instead of Monday" is the day given up.
    expect(
      shown(
        'The client moved the presentation up to today instead of Monday. Can you jump on a call with me at 1:30?',
      ),
    ).toBe('2026-11-26 13:30 - 14:00');
    expect(shown('We can see you Saturday rather than Friday. Come in at 9 to fill in the forms.')).toBe(
      '2026-11-28 09:00 - 09:30',
    );
  });

  it('gives none when the day it would take was doubted', () => {
    // Word 5 "Saturday" was doubted.
    expect(shown('We are having people over Saturday night. Come by around 7.', [[5, 6]])).toMatch(
      /not heard clearly enough/,
    );
  });
});

describe('a window whose start was not heard is no event', () => {
  it('gives none for "between [misheard] and noon", not an event at noon', () => {
    expect(
      shown('Your sofa is scheduled for delivery tomorrow but we need to hm and noon. Call 844-555-0171.'),
    ).toBe(
      'No calendar event: the day or time in "Your sofa is scheduled for delivery tomorrow but we need to hm and noon." was not heard clearly enough; listen to the recording.',
    );
    expect(shown('The technician will come tomorrow from whenever to 5 pm.')).toMatch(
      /not heard clearly enough/,
    );
  });

  it('keeps a window whose start was heard, and a time moved "to" another', () => {
    expect(shown('Your sofa is scheduled for delivery tomorrow between 8 and noon.')).toBe(
      '2026-11-27 08:00 - 12:00',
    );
    expect(shown('Your delivery tomorrow is from 8 am to noon.')).toBe('2026-11-27 08:00 - 12:00');
    expect(shown('We moved your appointment to 3 pm tomorrow.')).toBe('2026-11-27 15:00 - 15:30');
  });
});

describe('a deadline said as a condition, and a time to come after a clause in the past', () => {
  it('keeps "If it isn\'t signed by five p.m. today" and "if we don\'t hear from you by 2": a deadline, not a maybe', () => {
    expect(
      shown("If it isn't signed by five p.m. today, your classes will be dropped for non-payment."),
    ).toBe('2026-11-26 16:30 - 17:00');
    expect(shown("If we don't hear from you by 2 p.m. today, the transfer goes through as asked.")).toBe(
      '2026-11-26 13:30 - 14:00',
    );
    // A condition that makes the rest optional is still none.
    expect(shown('If you have questions, call me before five today.')).toBe(NONE);
    expect(shown('If you have time on Tuesday at 3, give me a call.')).toBe(NONE);
  });

  it('keeps "the discharge went through, and we need someone to pick him up by 3 this afternoon"', () => {
    expect(
      shown("Your dad's discharge went through, and we need someone to pick him up by 3 this afternoon."),
    ).toBe('2026-11-26 14:30 - 15:00');
    // The past of the time itself is still no time to keep; nor are opening hours "Monday through Friday";
    // nor is what is only asked after the past ("if you can" is a condition, not something to come).
    expect(shown('I tried you at 3 and left a message.')).toBe(NONE);
    expect(
      shown('I know you just finished three nights in a row, but if you can pick up the 7pm shift tonight.'),
    ).toBe(NONE);
    expect(shown('We are open Monday through Friday, 9 through 5.')).toBe(NONE);
  });
});

describe("the day of what happens otherwise is not the deadline's (the eleventh set)", () => {
  it('"if I don\'t have it by noon, you\'ll get a paper check next Friday instead" is noon today', () => {
    expect(
      eventOrReason(
        eventMessage(
          "Your direct deposit bounced back. Payroll runs today, so if I don't have new account info by noon, you'll get a paper check next Friday instead.",
        ),
      ),
    ).toBe('2026-11-26 11:30 - 12:00');
    // A day said before the time is still its own.
    expect(eventOrReason(eventMessage('If you can sign it by Friday at noon, we can start Monday.'))).toBe(
      '2026-11-27 12:00 - 12:30',
    );
  });
});
