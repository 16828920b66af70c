/**
 * "Add to calendar" for every time to keep (issue 32): the event a message's page offers for an appointment, a
 * slot offered, a pickup, a deadline or a meeting, read the ordinary way ("Monday at ten" at a dentist is in
 * the morning, "pick it up before six" in the evening), in the sender's zone, read back by ical.js; and the
 * reason the page gives when there is none, true of the message.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CardSource, messageCards } from '#core/cards/message-cards';
import { findMentions } from '#core/facts/fact-mentions';
import { eventShown, eventMessage as message, NEW_YORK, THURSDAY_TEN } from '../support/event-shown';

/** "2026-11-30 10:00 - 10:30" in New York, as the calendar shows the event. */
function shown(source: CardSource): string {
  const { event } = messageCards(source, { timeZone: NEW_YORK });
  if (event === null) return 'no event';
  return eventShown(event.body, NEW_YORK);
}

describe('an event for every time to keep, read the ordinary way', () => {
  const cases: [string, string][] = [
    // A dentist's "Monday at ten" is ten in the morning, with no word like "appointment" needed.
    [
      "Hi, it's Jenna from Lakeside Dental, just a reminder about your cleaning on Monday at 10. Call us at 312-555-0147.",
      '2026-11-30 10:00 - 10:30',
    ],
    [
      'Hi, this is Mike. I can come out next Tuesday at 9 in the morning to replace the heater.',
      '2026-12-01 09:00 - 09:30',
    ],
    // A deadline ends at the time said: "pick it up before six" is six in the evening, today.
    ['Your prescription is ready. Please pick it up before six.', '2026-11-26 17:30 - 18:00'],
    ['We have a slot open tomorrow morning at nine if that works for you.', '2026-11-27 09:00 - 09:30'],
    ["I'll stop by this afternoon around three to drop off the keys.", '2026-11-26 15:00 - 15:30'],
    ['We need the signed forms by noon on Friday.', '2026-11-27 11:30 - 12:00'],
    ['Our meeting on Monday is at half past two.', '2026-11-30 14:30 - 15:00'],
    ['Your car will be ready today at quarter to five.', '2026-11-26 16:45 - 17:15'],
    // The 23rd of November has passed on the 26th: the next 23rd.
    [
      "This is Doctor Lee's office confirming your appointment on the twenty-third at ten.",
      '2026-12-23 10:00 - 10:30',
    ],
    ['The viewing of the house is Saturday at two in the afternoon.', '2026-11-28 14:00 - 14:30'],
    ["Hey, it's Alex. Dinner is at seven tonight at Luigi's.", '2026-11-26 19:00 - 19:30'],
    ['The game starts at seven, so leave by six fifteen.', '2026-11-26 19:00 - 19:30'],
    // Several slots offered: the first.
    [
      'We need to move your appointment on Thursday. We can offer you Friday at 9 a.m., or Monday at 4 p.m.',
      '2026-11-27 09:00 - 09:30',
    ],
    // Moved: the time it was moved to, not from.
    ['We moved your appointment from Monday at 10 to Tuesday at 3.', '2026-12-01 15:00 - 15:30'],
    ['Your order will arrive on Tuesday between 10 and noon.', '2026-12-01 10:00 - 12:00'],
    ['Can you cover the client meeting tomorrow at 10? Call me on my cell.', '2026-11-27 10:00 - 10:30'],
  ];
  it.each(cases)('%s', (transcript, expected) => {
    expect(shown(message(transcript))).toBe(expected);
  });

  it('titles the event with what it is for and who set it, and says what was said', () => {
    const source = message('Hi, this is Sam. Your dentist appointment is on Monday at 10.', {
      summary_details: {
        summary: 'Sam from Lakeside Dental: your appointment is on Monday at 10.',
        key_points: [],
        callback_number: null,
        callback_time: null,
        requested_action: null,
        caller_parts: { name: 'Sam', role: null, organization: 'Lakeside Dental' },
      },
    });
    const { event, noEvent } = messageCards(source, { timeZone: NEW_YORK });
    expect(noEvent).toBeNull();
    expect(event?.title).toBe('Dentist appointment (Sam (Lakeside Dental))');
    const vevent = new ICAL.Component(ICAL.parse(event?.body ?? '')).getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('description')).toContain(
      'Said: "Your dentist appointment is on Monday at 10."',
    );
  });
});

describe('a time the first text doubts is in no calendar', () => {
  /** The transcript with the engine's words: every word sure but the one given, and the checks' doubt on the time. */
  const heard = (transcript: string, doubted: string, unsure: [number, number][]) =>
    message(transcript, {
      unsure,
      transcript_words: transcript.split(' ').map((text, at) => ({
        text,
        confidence: text === doubted ? 0.44 : 0.97,
        at,
      })),
    });

  it('gives none when only its "pm" was doubted: the text shows "before [unclear] today", so does the page', () => {
    // Words 0-2 "Please call before", 3 "6", 4 "p.m."; the checks doubted [3, 5) for "p.m." at 0.44, and the
    // first text says "Please call before [unclear] today": the event may not say six in the evening.
    const source = heard('Please call before 6 p.m. today.', 'p.m.', [[3, 5]]);
    expect(messageCards(source, { timeZone: NEW_YORK })).toMatchObject({
      event: null,
      noEvent:
        'No calendar event: the day or time in "Please call before [unclear] today." was not heard clearly enough; listen to the recording.',
    });
    // A sensor "triggered at [unclear]" in the text (heard "2:47 pm", the "pm" doubted) is no reminder at 2:47.
    const alarm = heard('Please check the back door at 2:47 pm.', 'pm.', [[6, 8]]);
    expect(messageCards(alarm, { timeZone: NEW_YORK }).event).toBeNull();
  });

  it('gives none when the hour itself was doubted, or a heard "am" the hour would not ordinarily have', () => {
    const flight = heard('Your flight on Sunday has been moved to 6:45 am.', 'am.', [[8, 10]]);
    expect(messageCards(flight, { timeZone: NEW_YORK }).noEvent).toMatch(/was not heard clearly enough/);
    const hour = heard('Please call before 6 p.m. today.', '6', [[3, 5]]);
    expect(messageCards(hour, { timeZone: NEW_YORK }).event).toBeNull();
    // The same words heard well are an event: the doubt alone takes it away.
    expect(shown(heard('Please call before 6 p.m. today.', '', []))).toBe('2026-11-26 17:30 - 18:00');
  });
});

describe('what the event says was said', () => {
  it('shows a name or number the checks doubted as "[unclear]", as the text does', () => {
    // Word 2 "Jennifer," was doubted; the time was heard well.
    const source = message("Hi, it's Jennifer, your cleaning is on Friday at 9.", { unsure: [[2, 3]] });
    const { event } = messageCards(source, { timeZone: NEW_YORK });
    const vevent = new ICAL.Component(ICAL.parse(event?.body ?? '')).getFirstSubcomponent('vevent');
    const description = String(vevent?.getFirstPropertyValue('description'));
    expect(description).toContain('Said: "Hi, it\'s [unclear], your cleaning is on Friday at 9."');
    expect(description).not.toContain('Jennifer');
  });
});

describe('no event, and the page says why', () => {
  const reason = (source: CardSource) => {
    const cards = messageCards(source, { timeZone: NEW_YORK });
    expect(cards.event).toBeNull();
    return cards.noEvent;
  };

  it('shows where it was not heard well: "at 9" heard with doubt is "[unclear]", as in the text', () => {
    // Words 0-3 "I can come out", 4 "next", 5 "Tuesday", 6 "at", 7 "9".
    const source = message('I can come out next Tuesday at 9 in the morning.', { unsure: [[7, 8]] });
    expect(reason(source)).toBe(
      'No calendar event: the day or time in "I can come out next Tuesday at [unclear] in the morning." was not heard clearly enough; listen to the recording.',
    );
  });

  it('offers none when one of the times offered was doubtful, rather than the other one', () => {
    const source = message('Your car will be ready today at 4:00 or 2:00.', { unsure: [[9, 10]] });
    expect(reason(source)).toMatch(/was not heard clearly enough/);
  });

  it('says no time to keep was said for a call in the past, a cancelled one, and one only if', () => {
    for (const transcript of [
      "Hi, it's Ben. I called you yesterday at 3 but you didn't pick up.",
      'We got your message at 3 and sent the forms.',
      "I'm sorry, but we have to cancel your appointment on Friday at 2.",
      'If you have questions, call me before five today.',
      'You can pick them up any weekday before four.',
      "Hi, it's Joaquin. Call me back.",
    ]) {
      expect(reason(message(transcript))).toBe('No calendar event: no day and time to keep were said.');
    }
  });

  it('says the time had passed: "before five today" in a message that came at six', () => {
    const late = message('Please call me back before five today.', {
      created_at: '2026-11-26T23:00:00.000Z',
    });
    expect(reason(late)).toBe(
      'No calendar event: the time in "Please call me back before five today." had passed when the message arrived.',
    );
  });

  it('never for likely spam, nor in a language the finders do not read', () => {
    const scam = message('You won a cruise. Press 1 now to claim it before midnight tonight.', {
      urgency: { level: 'likely_spam', reason: 'press-1 prize', source: 'rules' },
    });
    expect(reason(scam)).toBe('No calendar event: this message looks like spam.');
    const spanish = message('Su cita es el lunes a las 10.', { language: 'es' });
    expect(reason(spanish)).toBe('No calendar event: days and times are read in English messages only.');
  });
});

describe('times said with their minutes first, and dates written as one word', () => {
  const times = (text: string) =>
    findMentions(text.split(' '))
      .filter((mention) => mention.kind === 'time' || mention.kind === 'date')
      .map((mention) => `${mention.kind} ${mention.value}${mention.problem === null ? '' : ' (doubtful)'}`);

  it('reads "half past two", "quarter to five", "a quarter after nine", "quarter to one"', () => {
    expect(times('See you at half past two.')).toEqual(['time 2:30']);
    expect(times('Ready today at quarter to five.')).toEqual(['time 4:45']);
    expect(times('Come by a quarter after nine tomorrow.')).toEqual(['time 9:15']);
    expect(times('It closes at quarter to one.')).toEqual(['time 12:45']);
    // Not a time: half of something, a quarter of the bill.
    expect(times('I paid half of it and a quarter to the plumber.')).toEqual([]);
  });

  it('reads "the twenty-third" as the 23rd, and doubts it without "the"', () => {
    expect(times('on the twenty-third at ten')).toEqual(['date 23', 'time 10']);
    expect(times('until twenty-third')).toEqual(['date 23 (doubtful)']);
  });
});

describe('times that are no time to keep', () => {
  it('gives none for opening hours, a habit, and a visit this morning that is past', () => {
    const none = (transcript: string, at = THURSDAY_TEN) =>
      messageCards(message(transcript, { created_at: at }), { timeZone: NEW_YORK }).noEvent;
    expect(none('We are open from 9 to 5, Monday through Friday.')).toBe(
      'No calendar event: no day and time to keep were said.',
    );
    expect(none('The bus comes every day at 8.')).toBe(
      'No calendar event: no day and time to keep were said.',
    );
    // Said at 10 AM: "this morning at nine" was an hour ago, not tomorrow at nine.
    expect(none('The technician can be there this morning at nine.')).toBe(
      'No calendar event: the time in "The technician can be there this morning at nine." had passed when the message arrived.',
    );
    expect(shown(message('The technician can be there this afternoon at four.'))).toBe(
      '2026-11-26 16:00 - 16:30',
    );
  });
});

describe('days named with a month, and days that cannot be placed', () => {
  it('reads "December 5 at 3 pm", "Monday, December 7th", "the 5th of December", "2 to 4 PM"', () => {
    expect(shown(message('Your appointment is on December 5 at 3 pm.'))).toBe('2026-12-05 15:00 - 15:30');
    expect(shown(message('Your appointment is on Monday, December 7th at 3 PM.'))).toBe(
      '2026-12-07 15:00 - 15:30',
    );
    expect(shown(message('The party is on the 5th of December at 7.'))).toBe('2026-12-05 19:00 - 19:30');
    // A month already past this year is next year's.
    expect(shown(message('Your cleaning is on March 3rd at 10.'))).toBe('2027-03-03 10:00 - 10:30');
    // A window's start takes the end's "pm" when it comes before it on the clock.
    expect(shown(message('Your delivery window is 2 to 4 PM tomorrow.'))).toBe('2026-11-27 14:00 - 16:00');
    expect(shown(message('The movie night is between 8 and 10 pm on Saturday.'))).toBe(
      '2026-11-28 20:00 - 22:00',
    );
  });

  it('gives none, saying so, for a date in figures, a stretch of time, or a month with no day', () => {
    const undated = (transcript: string) => messageCards(message(transcript), { timeZone: NEW_YORK }).noEvent;
    for (const transcript of [
      'Your appointment is on 12/5 at 3 pm.',
      'We can come next week at 3.',
      'See you in two weeks at 10.',
      'We can do next week on Tuesday at 3.',
      'Your appointment in December is at 3 pm.',
    ]) {
      expect(undated(transcript)).toBe(
        `No calendar event: the day in "${transcript}" could not be placed on the calendar.`,
      );
    }
    // "may" is a month only with a day beside it.
    expect(shown(message('You may come by on Friday at 10.'))).toBe('2026-11-27 10:00 - 10:30');
  });
});
