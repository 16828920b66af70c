/**
 * Whose time an event keeps (issue 32, the fifth held-out set): the time to act by rather than the time
 * something is lost, no one else's plans, a table booked for an evening, and office hours moved to a day this
 * week. Through the page's cards (core/cards/message-cards.ts), the event read back by ical.js; the message
 * arrived on Thursday 26 November 2026 at 10:00 in New York.
 */
import { describe, expect, it } from 'vitest';
import { eventMessage, eventOrReason } from '../support/event-shown';

const shown = (transcript: string) => eventOrReason(eventMessage(transcript));

const NONE = 'No calendar event: no day and time to keep were said.';

describe('the time to act by, not the time something is lost', () => {
  it('keeps "pay before we close at 6 pm today" over "goes to auction tomorrow at 9"', () => {
    // As a person says it, and as the engine runs it into one sentence.
    expect(
      shown(
        'Your balance is past due, and the unit goes to auction tomorrow morning at nine. To stop the sale, pay at our office before we close at six p.m. today.',
      ),
    ).toBe('2026-11-26 17:30 - 18:00');
    expect(
      shown(
        'your balance of 340 dollars is past due and the unit goes to auction tomorrow morning at 9:00 to stop a sale pay at our office before we close at 6:00 p.m. today call us',
      ),
    ).toBe('2026-11-26 17:30 - 18:00');
  });

  it('keeps the time to act by when its sentence names what it stops: "To stop the sale", "or the truck goes back"', () => {
    expect(
      shown(
        "This is Stow-Away Self Storage about unit one fourteen. Your unit is scheduled for lien sale tomorrow at 9 a.m. To stop the sale, a payment of $218 must be made by 5 o'clock today. Call the office.",
      ),
    ).toBe('2026-11-26 16:30 - 17:00');
    expect(
      shown(
        "Yo, it's Marcus out at the Pemberton job. Concrete truck shows up at one and the inspector just red-tagged the footing forms. Can't pour without a sign-off. I need you out here before noon or the truck goes back.",
      ),
    ).toBe('2026-11-26 11:30 - 12:00');
    // A time to act by that names nothing of the earlier sentence leaves its time alone.
    expect(
      shown('Your cleaning is on Monday at 10 a.m. Please confirm by 5 today or the office will call you.'),
    ).toBe('2026-11-30 10:00 - 10:30');
  });

  it('keeps the time of the loss when no time to act by is said', () => {
    expect(
      shown('Your spring classes will be dropped at 5 p.m. today. Please clear the hold before then.'),
    ).toBe('2026-11-26 17:00 - 17:30');
  });
});

describe("someone else's plans are no time for the listener", () => {
  it('gives none for "she\'s leaving for church at eleven"', () => {
    expect(
      shown(
        "I'm at Mrs. Albright's next door for now, but she's leaving for church at eleven. Could you bring the key over as soon as you see this?",
      ),
    ).toBe(NONE);
    expect(shown('He is heading out at five, so call me.')).toBe(NONE);
  });

  it('still keeps a time someone waits till for the listener, and a visit they will make', () => {
    expect(shown('The inspector says he will wait till 10:30, can you swing by with the key?')).toBe(
      '2026-11-26 10:00 - 10:30',
    );
    expect(shown('She will be there tomorrow at 9 to fix the sink.')).toBe('2026-11-27 09:00 - 09:30');
    expect(shown("Our plumber, she's going to be at the house tomorrow at 9.")).toBe(
      '2026-11-27 09:00 - 09:30',
    );
    expect(shown("He's driving over tomorrow at 9 with the parts.")).toBe('2026-11-27 09:00 - 09:30');
  });
});

describe('a table booked for a day is an evening out, to come', () => {
  it('keeps "we got a table at Lupita\'s Saturday at 7:30" at 7:30 in the evening', () => {
    expect(
      shown("So for Jess's birthday we got a table at Lupita's, Saturday at 7:30. Text me by tomorrow."),
    ).toBe('2026-11-28 19:30 - 20:00');
    // A restaurant named by its food (the twelfth held-out set): an evening out too.
    expect(
      shown(
        "I'm doing a little thing for Danny's fortieth. It's Saturday at 7 at Rocco's, the Italian place with the patio heaters.",
      ),
    ).toBe('2026-11-28 19:00 - 19:30');
    expect(shown('Breakfast at the Italian place, Saturday at 7, before the race.')).toBe(
      '2026-11-28 07:00 - 07:30',
    );
    // A part of the day said in words wins over the place: a delivery to the Italian place in the morning.
    expect(
      shown(
        'Your order goes out Saturday, the driver will be at the Italian place between 6 and 8 in the morning, someone has to sign for it.',
      ),
    ).toBe('2026-11-28 06:00 - 08:00');
    // "am" the engine wrote for "in the" (the fifteenth set): the afternoon said after it wins.
    expect(
      shown(
        'The hiring manager would like to do a video interview Saturday at 2:30am E afternoon. Can you confirm that works?',
      ),
    ).toBe('2026-11-28 14:30 - 15:00');
    // Got in the past, with no booking: still the past.
    expect(shown('I got home Saturday at 7:30 and your package was gone.')).toBe(NONE);
  });
});

describe('office hours moved to a day this week are a time set, not a habit', () => {
  it('keeps "I moved my office hours this week to Thursday at quarter to four"', () => {
    // Said on Thursday 26 November: this week's Monday is the next one.
    expect(shown('I moved my office hours this week to Monday at quarter to four in room 212.')).toBe(
      '2026-11-30 15:45 - 16:15',
    );
    expect(shown('Our office hours are 9 to 5, Monday through Friday.')).toBe(NONE);
  });
});

describe('a weekday and a date that are not the same day', () => {
  it('gives no event for "8pm on Tuesday 23rd" (the 23rd of December is a Wednesday), and says why', () => {
    expect(shown('It will be held for you until closing. 8pm on Tuesday 23rd. Please bring your card.')).toBe(
      'No calendar event: the weekday and the date in "8pm on Tuesday 23rd." are not the same day; listen to the recording.',
    );
    // When they agree, the day is kept: the 1st of December is a Tuesday.
    expect(shown('It will be held for you until 8pm on Tuesday the 1st.')).toBe('2026-12-01 19:30 - 20:00');
  });
});

describe('a time to be there by, said in words and roughly', () => {
  it('keeps "he\'ll wait till about ten-thirty, and his next opening is two weeks out" as a deadline today', () => {
    const inspector = (time: string) =>
      shown(
        `The inspector is here now. He says he'll wait till about ${time}, and his next opening is two weeks out.`,
      );
    expect(inspector('ten-thirty')).toBe('2026-11-26 10:00 - 10:30');
    expect(inspector('ten thirty')).toBe('2026-11-26 10:00 - 10:30');
    expect(inspector('10:30')).toBe('2026-11-26 10:00 - 10:30');
    // A stretch said with the time itself is still no day: "we can come at 3 next week".
    expect(shown('We can come at 3 next week.')).toMatch(/could not be placed/);
  });
});
