/**
 * The time to keep in a voicemail (issue 32, deliverable 4): what a person would put in their calendar from
 * it, written down by hand as local wall-clock times for one arrival (Thursday 1 January 2026, 10:30 in the
 * morning in Los Angeles, the zone of the benchmark's sender, area code 415), not derived from the service's
 * rules. Deadlines ("before six") are the time said; a window ("between ten and noon") its start. `also`: a
 * second reading a person could equally take ("the game starts at seven, so leave by six fifteen").
 *
 * FACT_EVENTS holds the time to keep of every voicemail of fact-voicemails.ts (null: nothing to put in a
 * calendar: no time of day, a conditional "if you have questions, call before five", a cancelled party).
 * EVENT_VOICEMAILS are voicemails written for the calendar events: every way of saying a time the issue
 * names ("Monday at ten" at a dentist, "pick it up before six", "tomorrow morning at nine", "half past two",
 * "quarter to five", "the twenty third at ten") and some that must give no event (a call that was yesterday,
 * a cancelled appointment, a scam).
 */
import { type FactVoicemail, factVoicemail } from './fact-truth';

/** When the voicemails are taken to arrive: Thursday 2026-01-01, 10:30 in Los Angeles. */
export const EVENT_ARRIVAL = '2026-01-01T18:30:00.000Z';
/** The zone their sender (+1 415) is in. */
export const EVENT_ZONE = 'America/Los_Angeles';

/** A time to keep as local wall-clock time in EVENT_ZONE: "2026-01-02T09:00". */
export type EventTruth = { readonly at: string; readonly also?: readonly string[] } | null;

export const FACT_EVENTS: Readonly<Record<string, EventTruth>> = {
  'jenna-dental': { at: '2026-01-02T09:00' },
  'angela-lab': { at: '2026-01-01T17:00' },
  // "If you have questions, call me ... before five today": nothing to keep unless there are questions.
  'priya-insurance': null,
  dad: { at: '2026-01-03T12:00' },
  'nora-caterer': null,
  'jake-plumber': null,
  pharmacy: { at: '2026-01-01T20:00' },
  'marcus-roofing': { at: '2026-01-01T14:00' },
  'sofia-realty': { at: '2026-01-07T16:30' },
  'daniel-fraud': { at: '2026-01-01T18:00' },
  'ngozi-lunch': { at: '2026-01-02T12:30' },
  'school-closing': { at: '2026-01-01T13:00' },
  'siobhan-library': null,
  'xavier-electric': { at: '2026-01-06T08:00' },
  'mei-vet': { at: '2026-01-05T15:00' },
  'utility-bill': null,
  'tom-airport': { at: '2026-01-02T10:00' },
  'rebecca-patel': { at: '2026-01-02T09:00' },
  'anjali-keys': { at: '2026-01-02T07:30' },
  'joaquin-short': null,
  'dana-late': null,
  'dmitri-garage': { at: '2026-01-01T18:00' },
  'aoife-delivery': { at: '2026-01-06T10:00' },
  grandma: null,
  'lucas-staffing': { at: '2026-01-21T11:00' },
  'karen-landlord': null,
  'ming-refund': null,
  'its-me-game': { at: '2026-01-01T19:00', also: ['2026-01-01T18:15'] },
  'omar-new-number': null,
  'hannah-billing': null,
  'wei-therapy': { at: '2026-01-28T14:00' },
  'chloe-salon': { at: '2026-01-02T11:30' },
  'gabriel-parking': null,
  'fatima-clerk': null,
  'kenji-tickets': null,
  'rosa-airline': { at: '2026-01-04T06:45' },
};

/** A voicemail written for the events, with its time to keep. */
export type EventVoicemail = FactVoicemail & { readonly event: EventTruth };

const event = (id: string, script: string, truth: EventTruth): EventVoicemail => ({
  ...factVoicemail({ id, script, name: null, number: null }),
  event: truth,
});

export const EVENT_VOICEMAILS: readonly EventVoicemail[] = [
  event(
    'ev-dentist-monday',
    "Hi, it's Jenna from Lakeside Dental, just a reminder about your cleaning on Monday at ten. If you need to change it, call us at three one two, five five five, oh one four seven.",
    { at: '2026-01-05T10:00' },
  ),
  event(
    'ev-plumber-tuesday',
    'Hi, this is Mike from Apex Plumbing. I can come out next Tuesday at nine in the morning to replace the water heater. It will be eight hundred fifty dollars installed.',
    { at: '2026-01-06T09:00' },
  ),
  event(
    'ev-pickup-six',
    'Hello, this is Main Street Pharmacy. Your prescription is ready. Please pick it up before six.',
    { at: '2026-01-01T18:00' },
  ),
  event(
    'ev-tomorrow-morning',
    "Hey, it's Sam from Bright Cleaners. We have a slot open tomorrow morning at nine if that works for you.",
    { at: '2026-01-02T09:00' },
  ),
  event(
    'ev-this-afternoon',
    "Hi, it's Laura. I will stop by this afternoon around three to drop off the keys.",
    { at: '2026-01-01T15:00' },
  ),
  event(
    'ev-noon-friday',
    'Hello, this is Mark from Harbor Insurance. We need the signed forms by noon on Friday.',
    { at: '2026-01-02T12:00' },
  ),
  event(
    'ev-half-past-two',
    "Hi, it's Priya. Our meeting on Monday is at half past two in the big conference room.",
    { at: '2026-01-05T14:30' },
  ),
  event(
    'ev-quarter-to-five',
    'Hi, this is Dave from City Auto. Your car will be ready today at quarter to five.',
    { at: '2026-01-01T16:45' },
  ),
  event(
    'ev-twenty-third',
    "Hello, this is Doctor Lee's office confirming your appointment on the twenty third at ten.",
    { at: '2026-01-23T10:00' },
  ),
  event(
    'ev-viewing-saturday',
    'Hi, this is Maria from Oak Realty. The viewing of the house on Pine Street is Saturday at two in the afternoon.',
    { at: '2026-01-03T14:00' },
  ),
  event(
    'ev-interview-tuesday',
    "Hi, it's Kevin from Summit Staffing. Can you come in for an interview on Tuesday at eleven thirty?",
    { at: '2026-01-06T11:30' },
  ),
  event('ev-dinner-seven', "Hey, it's Alex. Dinner is at seven tonight at Luigi's, see you there.", {
    at: '2026-01-01T19:00',
  }),
  event(
    'ev-month-day',
    'Hello, this is Sunrise Eye Care reminding you of your eye exam on Monday, January twelfth at two thirty p m.',
    { at: '2026-01-12T14:30' },
  ),
  event(
    'ev-delivery-window',
    'Hi, this is Home Depot delivery. Your new fridge will arrive tomorrow between ten and noon.',
    { at: '2026-01-02T10:00' },
  ),
  event(
    'ev-pickup-tonight',
    "Hey, it's Carla from the dry cleaners. Your suit is ready, we close at seven tonight.",
    { at: '2026-01-01T19:00' },
  ),
  event('ev-next-week', "Hi, it's Greg. I could come by next week at three to look at the roof.", null),
  event(
    'ev-past-call',
    "Hi, it's Ben. I called you yesterday at three but you didn't pick up. Call me back when you can.",
    null,
  ),
  event(
    'ev-cancelled',
    "Hi, this is Nina from Bella Salon. I'm sorry, but we have to cancel your appointment on Friday at two. Please call us to book another time.",
    null,
  ),
  event(
    'ev-scam',
    'Congratulations! You have been selected for a free cruise. Press one now to claim your prize before midnight tonight.',
    null,
  ),
];
