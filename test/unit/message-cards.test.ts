/**
 * "Add to contacts" and "Add to calendar" (issue 25): the vCard and the iCalendar event a message gives, read
 * back by ical.js (not by our code), only from facts the checks passed, with hostile text escaped.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { contactCard } from '#core/cards/contact-card';
import { type CardSource, messageCards } from '#core/cards/message-cards';

const NEW_YORK = 'America/New_York';

/** A message as the pipeline leaves it once the checks passed its facts (`unsure`: doubtful word ranges). */
function checked(
  transcript: string,
  details: {
    name?: string | null;
    organization?: string | null;
    number?: string | null;
    time?: string | null;
  },
  options: { unsure?: [number, number][]; at?: string; summary?: string } = {},
): CardSource {
  const name = details.name ?? null;
  const organization = details.organization ?? null;
  return {
    id: 'msg-cards-1',
    created_at: options.at ?? '2026-11-26T15:00:00.000Z',
    summary: options.summary ?? 'Rebecca from Dr. Patel’s office: please call back about your results.',
    transcript,
    summary_details: {
      summary: 'please call back about your results.',
      key_points: [],
      callback_number: details.number ?? null,
      callback_time: details.time ?? null,
      requested_action: null,
      caller: null,
      caller_parts: name === null && organization === null ? null : { name, role: null, organization },
    },
    stated_facts: { number_unclear: null, unsure: options.unsure ?? [] },
  };
}

const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
const eventOf = (text: string) => {
  const calendar = parse(text);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (vevent === null) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
};
/** The event's start as an ISO instant. */
const startOf = (text: string) => eventOf(text).event.startDate.toJSDate().toISOString();

const REBECCA =
  'Hi, this is Rebecca from Dr. Patel’s office. Please call me back at 206-555-0142 before five today.';

describe('the contact card', () => {
  it('is a vCard 4.0 with the name, organization, number as a tel: URI and the day of the message', () => {
    const { contact } = messageCards(
      checked(REBECCA, { name: 'Rebecca', organization: 'Dr. Patel’s office', number: '206-555-0142' }),
      { timeZone: NEW_YORK },
    );
    expect(contact?.filename).toBe('rebecca-dr-patels-office.vcf');
    const card = parse(contact?.body ?? '');
    expect(card.name).toBe('vcard');
    expect(card.getFirstPropertyValue('version')).toBe('4.0');
    expect(card.getFirstPropertyValue('fn')).toBe('Rebecca');
    expect(card.getFirstProperty('n')?.getValues()).toEqual([['', 'Rebecca', '', '', '']]);
    expect(card.getFirstPropertyValue('org')).toBe('Dr. Patel’s office');
    expect(card.getFirstPropertyValue('tel')).toBe('tel:+12065550142');
    expect(card.getFirstProperty('tel')?.getParameter('type')).toBe('voice');
    expect(card.getFirstPropertyValue('note')).toBe('Left a voice message on Thu, Nov 26, 2026');
    expect(card.getFirstPropertyValue('prodid')).toMatch(/Voice Summary/);
  });

  it('dates its note in the sender’s zone: late Wednesday evening in Los Angeles is Thursday in UTC', () => {
    const at = '2026-11-26T05:30:00.000Z';
    const source = checked(REBECCA, { name: 'Rebecca', number: '206-555-0142' }, { at });
    const note = (timeZone: string) =>
      parse(messageCards(source, { timeZone }).contact?.body ?? '').getFirstPropertyValue('note');
    expect(note('America/Los_Angeles')).toBe('Left a voice message on Wed, Nov 25, 2026');
    expect(note('UTC')).toBe('Left a voice message on Thu, Nov 26, 2026');
  });

  it('is an organization’s card when only the organization passed', () => {
    const { contact } = messageCards(
      checked(REBECCA, { organization: 'Lakeside Dental', number: '(206) 555-0142' }),
      { timeZone: NEW_YORK },
    );
    const card = parse(contact?.body ?? '');
    expect(card.getFirstPropertyValue('kind')).toBe('org');
    expect(card.getFirstPropertyValue('fn')).toBe('Lakeside Dental');
    expect(card.getFirstProperty('n')).toBeNull();
  });

  it('is not made without a stated number, nor without a name or organization, nor for older messages', () => {
    const noNumber = checked(REBECCA, { name: 'Rebecca', number: null });
    const nobody = checked(REBECCA, { number: '206-555-0142' });
    const older = {
      ...checked(REBECCA, { name: 'Rebecca', number: '206-555-0142' }),
      stated_facts: undefined,
    };
    for (const source of [noNumber, nobody, older]) {
      expect(messageCards(source, { timeZone: NEW_YORK }).contact).toBeNull();
    }
  });

  it('leaves out a number the transcript does not have (a summary that planted one)', () => {
    const source = checked(REBECCA, { name: 'Rebecca', number: '312-555-0199' });
    expect(messageCards(source, { timeZone: NEW_YORK }).contact).toBeNull();
  });

  it('escapes hostile text: a name with semicolons, commas and newlines stays one name, no property added', () => {
    const hostile = 'Eve; Mallory,\r\nTEL:+19005550000\nEND:VCARD';
    const body =
      contactCard({
        name: hostile,
        organization: 'A;B,C\\D',
        number: '206-555-0142',
        receivedAt: '2026-11-26T15:00:00Z',
        timeZone: NEW_YORK,
      }) ?? '';
    expect(body.split('\r\n').filter((line) => line.startsWith('TEL'))).toHaveLength(1);
    const card = parse(body);
    expect(card.getFirstPropertyValue('fn')).toBe('Eve; Mallory,\nTEL:+19005550000\nEND:VCARD');
    expect(card.getFirstPropertyValue('org')).toBe('A;B,C\\D');
    expect(card.getAllProperties('tel')).toHaveLength(1);
  });

  it('folds lines at 75 octets, never inside a character', () => {
    const long = 'Zoë Ångström-Øverli '.repeat(8).trim();
    const body =
      contactCard({
        name: long,
        organization: null,
        number: '206-555-0142',
        receivedAt: '2026-11-26T15:00:00Z',
        timeZone: NEW_YORK,
      }) ?? '';
    const lines = body.split('\r\n').filter((line) => line !== '');
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line, 'utf8')))).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(parse(body).getFirstPropertyValue('fn')).toBe(long);
  });
});

describe('the calendar event', () => {
  it('is a callback event: title, UTC start and end, number and gist, a reminder 30 minutes before', () => {
    const { event } = messageCards(
      checked(REBECCA, {
        name: 'Rebecca',
        organization: 'Dr. Patel’s office',
        number: '206-555-0142',
        time: 'before five today',
      }),
      { timeZone: NEW_YORK },
    );
    expect(event?.filename).toBe('call-back-rebecca-dr-patels-office.ics');
    const { calendar, vevent, event: parsed } = eventOf(event?.body ?? '');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/Voice Summary/);
    expect(parsed.summary).toBe('Call back Rebecca (Dr. Patel’s office)');
    // A deadline "before five" is the half hour ending at 5:00 PM in New York (EST, UTC-5).
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-11-26T21:30:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-11-26T22:00:00.000Z');
    // What was said, so the calendar shows what the time is for (issue 32), then the number and the gist.
    expect(parsed.description).toBe(
      'Said: "Please call me back at 206-555-0142 before five today."\nCall back: (206) 555-0142\nRebecca from Dr. Patel’s office: please call back about your results.',
    );
    expect(parsed.uid).toBe('msg-cards-1-event@voice-summary');
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-26T15:00:00Z');
    const alarm = vevent.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(alarm?.getFirstPropertyValue('trigger')?.toString()).toBe('-PT30M');
    expect(event?.title).toBe('Call back Rebecca (Dr. Patel’s office)');
    expect(event?.startsAt).toBe('2026-11-26T21:30:00.000Z');
    // The page names it by the time it is due: "by 5:00 PM".
    expect(event?.dueAt).toBe('2026-11-26T22:00:00.000Z');
  });

  it('is an appointment the caller set, titled by its kind, in the sender’s zone', () => {
    const transcript =
      'Hi, this is Lakeside Dental. Your dentist appointment is Friday at nine. Call us at 206-555-0142.';
    const { event } = messageCards(
      checked(transcript, { organization: 'Lakeside Dental', number: '206-555-0142' }),
      { timeZone: 'America/Chicago' },
    );
    const { event: parsed } = eventOf(event?.body ?? '');
    expect(parsed.summary).toBe('Dentist appointment (Lakeside Dental)');
    // Thursday Nov 26 -> Friday Nov 27, 9:00 AM Central (UTC-6).
    expect(startOf(event?.body ?? '')).toBe('2026-11-27T15:00:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-11-27T15:30:00.000Z');
  });

  it('is titled for what the time is: a deadline, a meeting', () => {
    const title = (transcript: string) =>
      messageCards(checked(transcript, {}), { timeZone: NEW_YORK }).event?.title;
    expect(title('Hi, the form is due by Friday. Thanks.')).toBe('Deadline');
    expect(title('Our meeting moved to Thursday at four.')).toBe('Meeting');
    expect(title('We have your eye appointment on Monday at 10.')).toBe('Eye appointment');
  });

  it('is not made from a time heard with doubt', () => {
    const transcript = 'Your appointment is Friday at nine. Call us back at 206-555-0142.';
    // "nine" (word 5) was doubtful.
    const doubtful = checked(transcript, { number: '206-555-0142' }, { unsure: [[5, 6]] });
    expect(messageCards(doubtful, { timeZone: NEW_YORK }).event).toBeNull();
    // The same words heard well give one.
    expect(
      messageCards(checked(transcript, { number: '206-555-0142' }), { timeZone: NEW_YORK }).event,
    ).not.toBeNull();
  });

  it('is not made when no time was said, nor for older messages', () => {
    const noTime = 'Hi, this is Rebecca from Dr. Patel’s office. Please call me back at 206-555-0142.';
    expect(messageCards(checked(noTime, { name: 'Rebecca' }), { timeZone: NEW_YORK }).event).toBeNull();
    const older = { ...checked(REBECCA, { time: 'before five today' }), stated_facts: null };
    expect(messageCards(older, { timeZone: NEW_YORK }).event).toBeNull();
  });

  it('escapes a hostile gist: no line of it becomes a property', () => {
    const summary = 'Call me;now,\r\nBEGIN:VALARM\nTRIGGER:-PT1M\\';
    const { event } = messageCards(checked(REBECCA, { time: 'before five today' }, { summary }), {
      timeZone: NEW_YORK,
    });
    const { vevent, event: parsed } = eventOf(event?.body ?? '');
    expect(parsed.description).toMatch(/\nCall me;now,\nBEGIN:VALARM\nTRIGGER:-PT1M\\$/);
    expect(vevent.getAllSubcomponents('valarm')).toHaveLength(1);
  });
});

/** The event for an appointment said at `at` (ISO): a day with no time is a whole day (issue 32: not a callback's). */
const appointmentAt = (time: string, at: string) =>
  messageCards(checked(`Your appointment is ${time}.`, {}, { at }), { timeZone: NEW_YORK }).event;

/** The start of the event for a callback time said at `at` (ISO), in `zone`. */
const callbackAt = (time: string, at: string, zone = NEW_YORK) =>
  messageCards(checked(`Hi, this is Rebecca. Please call me back ${time}.`, { time }, { at }), {
    timeZone: zone,
  }).event;

describe('a stated time, resolved against when the message arrived', () => {
  it('takes the next such weekday: across the week’s end', () => {
    // Saturday Nov 28 2026, noon in New York -> Monday Nov 30.
    expect(callbackAt('Monday at 10', '2026-11-28T17:00:00Z')?.startsAt).toBe('2026-11-30T15:00:00.000Z');
    // Friday Nov 27, 8 AM: "Friday at nine" is the next Friday, morning or not (that morning is "today at nine").
    expect(callbackAt('Friday at nine', '2026-11-27T13:00:00Z')?.startsAt).toBe('2026-12-04T14:00:00.000Z');
    expect(callbackAt('today at nine', '2026-11-27T13:00:00Z')?.startsAt).toBe('2026-11-27T14:00:00.000Z');
    expect(callbackAt('Friday at nine', '2026-11-27T15:00:00Z')?.startsAt).toBe('2026-12-04T14:00:00.000Z');
  });

  it('crosses the month’s and the year’s end: tomorrow, and the 2nd said on the 30th', () => {
    expect(callbackAt('tomorrow at 3pm', '2026-11-30T15:00:00Z')?.startsAt).toBe('2026-12-01T20:00:00.000Z');
    expect(callbackAt('tomorrow at 9', '2026-12-31T15:00:00Z')?.startsAt).toBe('2027-01-01T14:00:00.000Z');
    expect(callbackAt('on the 2nd at 10', '2026-12-30T15:00:00Z')?.startsAt).toBe('2027-01-02T15:00:00.000Z');
    // The 31st said in November (no 31st) is December's.
    expect(callbackAt('on the 31st at 10', '2026-11-26T15:00:00Z')?.startsAt).toBe(
      '2026-12-31T15:00:00.000Z',
    );
    // The 23rd said on the 26th is next month's; said on the 20th, this month's.
    expect(appointmentAt('on the 23rd', '2026-11-26T15:00:00Z')?.startsAt).toBe('2026-12-23');
    expect(appointmentAt('on the 23rd', '2026-11-20T15:00:00Z')?.startsAt).toBe('2026-11-23');
  });

  it('puts no callback time in a calendar from a summary in another language than what was heard', () => {
    const spanish = {
      ...checked('Hola, soy Rebecca. Llámeme el viernes a las nueve.', { time: 'Friday at nine' }),
      language: 'es',
    };
    expect(messageCards(spanish, { timeZone: NEW_YORK }).event).toBeNull();
    const translated = {
      ...checked('Hi, this is Rebecca. Call me Friday at nine.', { time: 'viernes a las nueve' }),
      reply_language: 'es',
    };
    expect(messageCards(translated, { timeZone: NEW_YORK }).event).toBeNull();
    // The same in English is placed.
    expect(
      messageCards(checked('Hi, this is Rebecca. Call me Friday at nine.', { time: 'Friday at nine' }), {
        timeZone: NEW_YORK,
      }).event,
    ).not.toBeNull();
  });

  it('places a date with its month, and none from a weekday that disagrees', () => {
    // "March 3rd" said in November is next March's (issue 32: the month is read), not December 3rd.
    expect(callbackAt('on March 3rd at 10', '2026-11-26T15:00:00Z')?.startsAt).toBe(
      '2027-03-03T15:00:00.000Z',
    );
    // Wednesday Dec 23 2026: "Friday the 23rd" is wrong on one side, and nobody can tell which.
    expect(callbackAt('Friday the 23rd at 10', '2026-11-26T15:00:00Z')).toBeNull();
    // A weekday that agrees still gives the day: Wednesday the 23rd.
    expect(callbackAt('Wednesday the 23rd at 10', '2026-11-26T15:00:00Z')?.startsAt).toBe(
      '2026-12-23T15:00:00.000Z',
    );
  });

  it('keeps the wall-clock time across daylight-saving changes in New York', () => {
    // Saturday Oct 31 2026 (EDT, UTC-4) -> Monday Nov 2 at 9 AM is EST (UTC-5), after Nov 1's change.
    expect(callbackAt('Monday at 9am', '2026-10-31T16:00:00Z')?.startsAt).toBe('2026-11-02T14:00:00.000Z');
    // Sunday Nov 1 itself, said the evening before: 9 AM EST.
    expect(callbackAt('tomorrow at 9am', '2026-11-01T00:30:00Z')?.startsAt).toBe('2026-11-01T14:00:00.000Z');
    // Spring: Saturday Mar 13 2027 (EST) -> Monday Mar 15 at 9 AM is EDT (UTC-4), after Mar 14's change.
    expect(callbackAt('Monday at 9am', '2027-03-13T17:00:00Z')?.startsAt).toBe('2027-03-15T13:00:00.000Z');
    // And in 2026, the change of Sunday Mar 8.
    expect(callbackAt('Monday at 9am', '2026-03-07T17:00:00Z')?.startsAt).toBe('2026-03-09T13:00:00.000Z');
  });

  it('reads the arrival’s day in the sender’s zone, not UTC', () => {
    // 03:00 UTC Friday is 7 PM Thursday in Los Angeles: "tomorrow" is Friday there.
    expect(callbackAt('tomorrow at 10', '2026-11-27T03:00:00Z', 'America/Los_Angeles')?.startsAt).toBe(
      '2026-11-27T18:00:00.000Z',
    );
  });

  it('reads am and pm, noon, evenings and office hours', () => {
    const at = '2026-11-26T13:00:00Z'; // 8 AM Thursday in New York
    expect(callbackAt('at 4:30', at)?.startsAt).toBe('2026-11-26T21:30:00.000Z');
    expect(callbackAt('at 11', at)?.startsAt).toBe('2026-11-26T16:00:00.000Z');
    expect(callbackAt('at 8pm', at)?.startsAt).toBe('2026-11-27T01:00:00.000Z');
    expect(callbackAt('at noon', at)?.startsAt).toBe('2026-11-26T17:00:00.000Z');
    expect(callbackAt('tonight at eight', at)?.startsAt).toBe('2026-11-27T01:00:00.000Z');
  });

  it('makes a window of "between ten and noon", and nothing of a time already past', () => {
    const window = callbackAt('between ten and noon tomorrow', '2026-11-26T13:00:00Z');
    const { event } = eventOf(window?.body ?? '');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-27T17:00:00.000Z');
    // "before five today" said at 6 PM.
    expect(callbackAt('before five today', '2026-11-26T23:00:00Z')).toBeNull();
  });

  it('makes a whole-day event of a day without a time, reminded at 9 that morning', () => {
    const event = appointmentAt('tomorrow', '2026-11-26T15:00:00Z');
    expect(event?.allDay).toBe(true);
    const { vevent, event: parsed } = eventOf(event?.body ?? '');
    expect(parsed.startDate.isDate).toBe(true);
    expect(parsed.startDate.toString()).toBe('2026-11-27');
    expect(vevent.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger')?.toString()).toBe('PT9H');
  });
});
