/**
 * The "heard" benchmark's scorer (bench/heard-score.ts, bench/heard-files.ts): issue 32's figures depend on it
 * telling a business stated from a business doubted or misheard, a card or event with the right number, day,
 * hour and zone from one without, and a text that carries the point from one that drops it. Tested on texts and
 * files written by hand, the files made by the service's own card writers.
 */
import { describe, expect, it } from 'vitest';
import { calendarEvent } from '#core/cards/calendar-event';
import { contactCard } from '#core/cards/contact-card';
import {
  expectedWallClock,
  type PageEvent,
  type PageFile,
  scoreContact,
  scoreEvent,
} from '../../bench/heard-files';
import { type HeardRun, missingPoint, scoreBusiness, scoreHeard } from '../../bench/heard-score';
import {
  arrivalIn,
  checkedSet,
  heardRenderings,
  importedSet,
  onlyThese,
  renderingCount,
} from '../../bench/heard-setup';
import { HEARD_DEV_VOICEMAILS } from '../support/heard-dev-voicemails';
import type { HeardVoicemail } from '../support/heard-truth';

const SERVICE = 'Voice Summary';
const LINK = 'https://d111111abcdef8.cloudfront.net/m/Xk3p9QaZ3125550199wR1c';
const ZONE = 'America/Chicago';
const ARRIVAL = arrivalIn(ZONE);

const voicemail = (id: string): HeardVoicemail => {
  const found = HEARD_DEV_VOICEMAILS.find((v) => v.id === id);
  if (!found) throw new Error(`No voicemail ${id}`);
  return found;
};
const dentist = voicemail('dentist-monday');
const business = (text: string, truth = dentist) => scoreBusiness(`${SERVICE}: ${text}\n${LINK}`, truth);

const NO_FILE: PageFile = { offered: false, body: null, reason: 'none was heard well enough' };
const NO_EVENT: PageEvent = { ...NO_FILE, startsAt: null, timeZone: null, title: null };

const card = (name: string | null, organization: string | null, number: string): PageFile => ({
  offered: true,
  body: contactCard({ name, organization, number, receivedAt: ARRIVAL, timeZone: ZONE }),
  reason: null,
});

/** An event from `start` to `end` (UTC instants), as the page offers it in `zone`. */
const event = (start: string, end: string, zone = ZONE): PageEvent => ({
  offered: true,
  body: calendarEvent({
    messageId: 'MM1-0',
    title: 'Appointment',
    description: '',
    when: { kind: 'timed', start: new Date(start), end: new Date(end), deadline: false },
    stampedAt: ARRIVAL,
  }),
  reason: null,
  startsAt: start,
  timeZone: zone,
  title: 'Appointment',
});

const run = (first: string, changes: Partial<HeardRun> = {}): HeardRun => ({
  voicemailId: 'x',
  rendering: { voice: 'slt', band: 'wav-16k', noiseSnrDb: null },
  sender: '+13125550100',
  zone: ZONE,
  receivedAt: ARRIVAL,
  first: `${SERVICE}: ${first}\n${LINK}`,
  texts: 1,
  transcript: first,
  urgency: 'normal',
  urgencyReason: '',
  audioSeconds: 12,
  firstTextSeconds: 2,
  contact: NO_FILE,
  event: NO_EVENT,
  error: null,
  ...changes,
});

describe('the business in the first text', () => {
  it('is right when stated, even beside a doubted name, and unclear when its own words are doubted', () => {
    expect(business('Jenna from Lakeside Dental: Cleaning on Monday at 10.')?.verdict).toBe('right');
    expect(business("Hi, it's Jennifer(?) from Lakeside Dental, a reminder.")?.verdict).toBe('right');
    expect(business('Jenna from Lakeside(?) Dental: Cleaning on Monday at 10.')?.verdict).toBe('unclear');
    expect(business('Jenna: Cleaning on Monday at 10.')?.verdict).toBe('left out');
  });

  it('is wrong when the text gives the caller a business that was not said (a city for a company)', () => {
    expect(business('Jenna from Seattle: Cleaning on Monday at 10.')?.verdict).toBe('wrong');
    // Stated though the caller named none: invented.
    const invented = business(
      'Sam from Lakeview Bistro: Dinner on Saturday at 7:30.',
      voicemail('friend-dinner'),
    );
    expect(invented).toMatchObject({ verdict: 'wrong', invented: true });
    // A day after "at" names no business.
    expect(business('Sam: Dinner at Saturday 7:30.', voicemail('friend-dinner'))).toBeNull();
  });

  it('takes "the school nurse at Lincoln Elementary" for the business as said', () => {
    const text =
      'URGENT: Karen, the school nurse at Lincoln Elementary: Leo has a fever, pick him up before 1 today.';
    expect(business(text, voicemail('nurse-fever'))?.verdict).toBe('right');
  });

  it('takes no place the caller is at for their business: "nobody\'s here at the Larkin Street job"', () => {
    const truth = {
      ...voicemail('nurse-fever'),
      business: 'city building department',
      script: "Hi, Marisol Vega, city building department. I'm at the Larkin Street job and nobody's here.",
    };
    const text =
      "Marisol(?) from City Building Department: I'm at the Larkin Street Jog and no bodies here and no card.";
    expect(business(text, truth)?.verdict).toBe('right');
  });

  it('reads "St." as the "Saint" the caller said, as it reads "Dr." for "Doctor"', () => {
    const truth = {
      ...voicemail('nurse-fever'),
      business: "Saint Vincent's",
      script: "Hi, this is Renata, a nurse on four west at Saint Vincent's. Please call us back.",
    };
    expect(business("Renata from St. Vincent's: Please call us back.", truth)?.verdict).toBe('right');
  });

  it('reads a business written apart as the one word said ("North Side" for Northside), and no other', () => {
    const truth = {
      ...voicemail('nurse-fever'),
      business: 'Northside Physical Therapy',
      script: 'Hi, this is Jess at Northside Physical Therapy. We need to move your visit.',
    };
    expect(
      business('Jess from North Side Physical Therapy: We need to move your visit.', truth)?.verdict,
    ).toBe('right');
    // Joined, the words must still be the ones said: "North Shore" is another business.
    expect(
      business('Jess from North Shore Physical Therapy: We need to move your visit.', truth)?.verdict,
    ).toBe('wrong');
  });
});

describe('a run scored', () => {
  it('names a caller given by full name right when the text gives the first name', () => {
    const truth = { ...voicemail('nurse-fever'), name: 'Karen Walsh' };
    const scored = scoreHeard(
      run('Karen from Lincoln Elementary: Leo has a fever. Call 312-555-0164.'),
      truth,
    );
    expect(scored.name).toBe('right');
  });

  it('reads a doubted name after a title as unclear, and the spam heading as no name', () => {
    const vet = voicemail('vet-treatment');
    const text =
      'Hi, this is Dr. Reyes(?) at Oak Hill Animal Hospital, we would like to start treatment today.';
    expect(scoreHeard(run(text), vet).name).toBe('unclear');
    const spam = 'Likely a recorded sales call: an extended warranty offer. Reply FULL for the transcript.';
    const robocall = scoreHeard(run(spam, { urgency: 'likely_spam' }), voicemail('warranty-robocall'));
    expect(robocall.facts.filter((fact) => fact.verdict === 'wrong')).toEqual([]);
  });

  it('counts a long voicemail with caller and callback right, and not one that doubts the name', () => {
    const plumber = voicemail('plumber-quote');
    const good = 'Marco from Bayside Plumbing: Water heater replacement $850. Call back: (206) 555-0138';
    expect(scoreHeard(run(good, { audioSeconds: 31 }), plumber).longCallerAndNumber).toBe(true);
    const doubted =
      'Marco(?) from Bayside Plumbing: Water heater replacement $850. Call back: (206) 555-0138';
    expect(scoreHeard(run(doubted, { audioSeconds: 31 }), plumber).longCallerAndNumber).toBe(false);
    expect(scoreHeard(run(good, { audioSeconds: 15 }), plumber).longCallerAndNumber).toBeNull();
  });

  it('tells urgent missed from caught, false alarms, and spam recognised from missed', () => {
    const nurse = voicemail('nurse-fever');
    expect(scoreHeard(run('Leo has a fever.', { urgency: 'normal' }), nurse).urgent).toBe('missed');
    expect(scoreHeard(run('Leo has a fever.', { urgency: 'urgent' }), nurse).urgent).toBe('caught');
    expect(scoreHeard(run('Cleaning Monday.', { urgency: 'urgent' }), dentist).urgent).toBe('false alarm');
    expect(scoreHeard(run('Cleaning Monday.', { urgency: 'likely_spam' }), dentist).spam).toBe('false');
    const robocall = voicemail('warranty-robocall');
    expect(scoreHeard(run('Your warranty expires.', { urgency: 'likely_spam' }), robocall).spam).toBe(
      'recognised',
    );
    expect(scoreHeard(run('Your warranty expires.', { urgency: 'normal' }), robocall).spam).toBe('missed');
  });
});

describe('the point', () => {
  it('matches a word by its start, in any case, and never in the link', () => {
    expect(missingPoint('URGENT: Leo has a Fever; he needs to be picked up.', ['fever', 'pick'])).toEqual([]);
    expect(missingPoint('Karen Walsh, the school nurse at Lincoln Elementary.', ['fever', 'pick'])).toEqual([
      'fever',
      'pick',
    ]);
    expect(missingPoint(`Call back. https://example.com/m/fever`, ['fever'])).toEqual(['fever']);
  });
});

describe('the contact card', () => {
  it('is right with the number said and the name or business said', () => {
    expect(scoreContact(card('Jenna', 'Lakeside Dental', '312-555-0147'), dentist)?.verdict).toBe('right');
    expect(
      scoreContact(card(null, 'Maple Street Pharmacy', '3035550127'), voicemail('pharmacy-ready')),
    ).toMatchObject({ verdict: 'right' });
  });

  it('is wrong with another number or a misheard name, and none with the page reason when not offered', () => {
    expect(scoreContact(card('Jenna', null, '312-555-0174'), dentist)?.verdict).toBe('wrong');
    expect(scoreContact(card('Jennifer', null, '312-555-0147'), dentist)?.verdict).toBe('wrong');
    expect(scoreContact(card(null, 'Wake Side Dental', '312-555-0147'), dentist)?.verdict).toBe('wrong');
    // Written apart, the business is the one said: where a space goes is spelling, not hearing.
    expect(scoreContact(card(null, 'Lake Side Dental', '312-555-0147'), dentist)?.verdict).toBe('right');
    expect(scoreContact(NO_FILE, dentist)).toEqual({ verdict: 'none', detail: 'none was heard well enough' });
  });

  it('is wrong whenever one is offered for spam, and not due for it', () => {
    const robocall = voicemail('warranty-robocall');
    expect(scoreContact(card(null, 'Warranty', '800-555-0199'), robocall)?.verdict).toBe('wrong');
    expect(scoreContact(NO_FILE, robocall)).toBeNull();
  });
});

describe('the calendar event', () => {
  it('is due on the day said after the arrival, a week on for the arrival weekday', () => {
    // Arrival: Sunday 29 November 2026, 8:15 in Chicago.
    expect(expectedWallClock(dentist.event!, ARRIVAL, ZONE)).toBe('2026-11-30 10:00');
    expect(expectedWallClock({ kind: 'pickup', day: 'today', hour24: 13, minute: 0 }, ARRIVAL, ZONE)).toBe(
      '2026-11-29 13:00',
    );
    expect(expectedWallClock({ kind: 'meeting', day: 'sunday', hour24: 9, minute: 30 }, ARRIVAL, ZONE)).toBe(
      '2026-12-06 09:30',
    );
  });

  it('is on the weekday that has the date the author wrote beside it: "Monday the fourteenth" is 14 December', () => {
    const monday = { kind: 'appointment', day: 'monday', hour24: 10, minute: 0 } as const;
    expect(expectedWallClock(monday, ARRIVAL, ZONE, [{ day: 'monday', date: 14, hour: 10 }])).toBe(
      '2026-12-14 10:00',
    );
    // A date on another weekday of the voicemail is not this event's.
    expect(expectedWallClock(monday, ARRIVAL, ZONE, [{ day: 'friday', date: 4, hour: 3 }])).toBe(
      '2026-11-30 10:00',
    );
  });

  it('is right at the hour said in the sender zone, or ending then for a pickup before a time', () => {
    // 10:00 in Chicago is 16:00 UTC.
    expect(
      scoreEvent(event('2026-11-30T16:00:00Z', '2026-11-30T16:30:00Z'), dentist, {
        receivedAt: ARRIVAL,
        zone: ZONE,
      })?.verdict,
    ).toBe('right');
    const nurse = voicemail('nurse-fever');
    expect(
      scoreEvent(event('2026-11-29T18:30:00Z', '2026-11-29T19:00:00Z'), nurse, {
        receivedAt: ARRIVAL,
        zone: ZONE,
      })?.verdict,
    ).toBe('right');
  });

  it('is wrong at another hour (10 at night) or in another zone; one for no time to keep is set apart', () => {
    const at = { receivedAt: ARRIVAL, zone: ZONE };
    expect(scoreEvent(event('2026-12-01T04:00:00Z', '2026-12-01T04:30:00Z'), dentist, at)?.verdict).toBe(
      'wrong',
    );
    expect(
      scoreEvent(event('2026-11-30T16:00:00Z', '2026-11-30T16:30:00Z', 'America/New_York'), dentist, at)
        ?.verdict,
    ).toBe('wrong');
    const charge = voicemail('credit-union-charge');
    expect(scoreEvent(event('2026-11-30T16:00:00Z', '2026-11-30T16:30:00Z'), charge, at)?.verdict).toBe(
      'unasked',
    );
    const robocall = voicemail('warranty-robocall');
    expect(scoreEvent(event('2026-11-30T16:00:00Z', '2026-11-30T16:30:00Z'), robocall, at)?.verdict).toBe(
      'wrong',
    );
    expect(scoreEvent(NO_EVENT, charge, at)).toBeNull();
    expect(scoreEvent(NO_EVENT, dentist, at)).toEqual({
      verdict: 'none',
      detail: 'none was heard well enough',
    });
  });
});

describe('what the benchmark runs', () => {
  it('records each voicemail twice by default (clean 16 kHz, noisy 8 kHz), four ways on asking, voices in turn', () => {
    expect(renderingCount(undefined)).toBe(2);
    expect(renderingCount('4')).toBe(4);
    expect(() => renderingCount('3')).toThrow();
    const [clean, noisy] = heardRenderings(0, 2);
    expect(clean).toMatchObject({ band: 'wav-16k', noiseSnrDb: null });
    expect(noisy).toMatchObject({ band: 'amr-nb-8k', noiseSnrDb: 10 });
    expect(heardRenderings(1, 2)[0]!.voice).not.toBe(clean!.voice);
  });

  it('reads a set from a module that exists, and none from one that does not yet (the held-out set)', async () => {
    const dev = await importedSet('../test/support/heard-dev-voicemails.ts', 'HEARD_DEV_VOICEMAILS');
    expect(dev?.map((v) => v.id)).toEqual(HEARD_DEV_VOICEMAILS.map((v) => v.id));
    expect(await importedSet('../test/support/no-such-voicemails.ts', 'NONE')).toBeNull();
    await expect(importedSet('../test/support/heard-dev-voicemails.ts', 'NONE')).rejects.toThrow(
      /exports no NONE/,
    );
  });

  it('refuses a set the truth type would not take, naming the voicemail and field', () => {
    expect(checkedSet(HEARD_DEV_VOICEMAILS, 'dev')).toBe(HEARD_DEV_VOICEMAILS);
    const spoken = [{ ...dentist, number: '312-555-0147' }];
    expect(() => checkedSet(spoken, 'a set')).toThrow(/0\.number: ten digits/);
    const noon = [{ ...dentist, event: { ...dentist.event, hour24: 24 } }];
    expect(() => checkedSet(noon, 'a set')).toThrow(/0\.event\.hour24/);
    expect(() => checkedSet([dentist, dentist], 'a set')).toThrow(/dentist-monday twice/);
  });

  it('runs the voicemails asked for, and refuses an id that is in no set', () => {
    expect(onlyThese(HEARD_DEV_VOICEMAILS, 'dentist-monday').map((v) => v.id)).toEqual(['dentist-monday']);
    expect(() => onlyThese(HEARD_DEV_VOICEMAILS, 'dentist-mnoday')).toThrow(/dentist-mnoday/);
  });
});
