/**
 * Days and times as the sixth held-out set said them (issue 32): the part of the day belongs to its own choice
 * ("Thursday at four or Saturday morning at ten"), "next" with no day after it is a day misheard, and a
 * cancellation the engine heard as "As been cancelled" still takes its time back. Through the page's cards, the
 * event read back by ical.js; the message arrived on Thursday 26 November 2026 at 10:00 in New York.
 */
import { describe, expect, it } from 'vitest';
import { eventMessage, eventOrReason } from '../support/event-shown';

const shown = (transcript: string) => eventOrReason(eventMessage(transcript));

describe('two choices, each with its day', () => {
  it('reads "Thursday at four" as the afternoon when the morning is Saturday\'s', () => {
    expect(
      shown('Could we make it up Thursday at four or Saturday morning at ten? Let me know which works.'),
    ).toBe('2026-12-03 16:00 - 16:30');
  });

  it('still gives a part of the day shared by both choices to the first ("at 8 or 9 tonight")', () => {
    expect(shown('I can swing by at 8 or 9 tonight to drop off the ladder.')).toBe(
      '2026-11-26 20:00 - 20:30',
    );
    expect(shown('We have Friday morning at 9 or 10 open for the cleaning.')).toBe(
      '2026-11-27 09:00 - 09:30',
    );
  });
});

describe('"next" where a day was said', () => {
  it('gives no event for "next to Z between 10 and 2" (next Tuesday misheard), never today at 10', () => {
    expect(
      shown('We will be doing the smoke detector inspections in your building next to Z between 10 and 2.'),
    ).toMatch(/not heard clearly enough/);
  });

  it('keeps "next Tuesday between 10 and 2"', () => {
    expect(
      shown(
        'We will be doing the smoke detector inspections in your building next Tuesday between 10 and 2.',
      ),
    ).toBe('2026-12-01 10:00 - 14:00');
  });
});

describe('a cancelled time, the cancellation misheard', () => {
  it('takes back "leave tonight at 8:15. As been cancelled" as it does "Has been cancelled"', () => {
    const said = (verb: string) =>
      shown(
        `This is the airline. Your flight to Denver scheduled to leave tonight at 8:15. ${verb} been cancelled, we rebooked you on flight 306.`,
      );
    expect(said('Has')).not.toMatch(/^2026-11-26 20:15/);
    expect(said('As')).not.toMatch(/^2026-11-26 20:15/);
  });
});

describe('a day said right after the time (eleventh set)', () => {
  it('is the time\'s own day: "Starting tomorrow, our lot closes at 6 p.m. today" is today at 6', () => {
    expect(
      shown(
        'Storage is 45 dollars a day. Starting tomorrow, our lot closes at 6 p.m. today. So pick it up before then.',
      ),
    ).toBe('2026-11-26 17:30 - 18:00');
  });

  it('does not take over a day said just before the time: "tomorrow at 9 today" keeps tomorrow', () => {
    expect(shown('We can come tomorrow at 9 today works too if you prefer.')).toBe(
      '2026-11-27 09:00 - 09:30',
    );
    expect(shown('Your appointment is on Friday at 2, see you then.')).toBe('2026-11-27 14:00 - 14:30');
  });
});
