/**
 * The "heard" benchmark's development set (issue 32): voicemails written by the benchmark's author to build and
 * check `npm run bench -- heard` (bench/heard.ts) while the held-out set (heldout-voicemails.ts, written by
 * someone else) is not there. Not for tuning the service's rules either: the final figures come from the
 * held-out set. Each field of heard-truth.ts comes up at least once: an urgent child, urgent money, a spam
 * robocall, a long (30 s) quote, a business with no person, appointments, a pickup, a deadline, a friend with
 * no business. Numbers are in words, as the voices need them (heard-truth.ts); every callback number is a
 * valid US number (a real area code, 555-01xx).
 */
import type { HeardVoicemail } from './heard-truth';

export const HEARD_DEV_VOICEMAILS: readonly HeardVoicemail[] = [
  {
    id: 'nurse-fever',
    script:
      "Hi, this is Karen, the school nurse at Lincoln Elementary. I'm calling about your son Leo. He has a fever and a bad headache, and he needs to be picked up today before one. Please call me back at three one two, five five five, oh one six four.",
    name: 'Karen',
    business: 'Lincoln Elementary',
    number: '3125550164',
    amounts: [],
    times: [{ hour: 1, relative: 'today' }],
    event: { kind: 'pickup', day: 'today', hour24: 13, minute: 0 },
    urgent: true,
    spam: false,
    mustSay: ['fever', 'pick'],
  },
  {
    id: 'warranty-robocall',
    script:
      "This is an important message about your vehicle's extended warranty. Our records show that your coverage expires today. To keep your coverage, press one now, or call us at eight hundred, five five five, oh one nine nine. This is your final notice.",
    name: null,
    business: null,
    number: '8005550199',
    amounts: [],
    times: [{ relative: 'today' }],
    event: null,
    urgent: false,
    spam: true,
    mustSay: ['warranty', 'expires'],
  },
  {
    id: 'plumber-quote',
    script:
      "Hi, this is Marco from Bayside Plumbing, returning your call about the water heater. I looked at the photos you sent. It's a forty gallon tank, so the replacement would be eight hundred fifty dollars installed, and that includes hauling away the old one. I can come out next Tuesday at nine in the morning, or Thursday afternoon if that works better for you. Just give me a call back at two zero six, five five five, oh one three eight, and let me know which day you would like. Thanks, talk soon.",
    name: 'Marco',
    business: 'Bayside Plumbing',
    number: '2065550138',
    amounts: [850],
    times: [{ day: 'tuesday', hour: 9 }, { day: 'thursday' }],
    event: { kind: 'slot offered', day: 'tuesday', hour24: 9, minute: 0 },
    urgent: false,
    spam: false,
    mustSay: ['heater', 'replacement'],
  },
  {
    id: 'pharmacy-ready',
    script:
      'Hello, this is Maple Street Pharmacy. Your prescription is ready for pick up. We are open until nine tonight. If you have any questions, please call us at three zero three, five five five, oh one two seven. Thank you.',
    name: null,
    business: 'Maple Street Pharmacy',
    number: '3035550127',
    amounts: [],
    times: [{ hour: 9, relative: 'tonight' }],
    event: { kind: 'pickup', day: 'today', hour24: 21, minute: 0 },
    urgent: false,
    spam: false,
    mustSay: ['prescription', 'ready'],
  },
  {
    id: 'dentist-monday',
    script:
      "Hi, it's Jenna from Lakeside Dental, just a reminder about your cleaning on Monday at ten. If you need to reschedule, call us at three one two, five five five, oh one four seven. See you then!",
    name: 'Jenna',
    business: 'Lakeside Dental',
    number: '3125550147',
    amounts: [],
    times: [{ day: 'monday', hour: 10 }],
    event: { kind: 'appointment', day: 'monday', hour24: 10, minute: 0 },
    urgent: false,
    spam: false,
    mustSay: ['cleaning', 'monday'],
  },
  {
    id: 'friend-dinner',
    script:
      "Hey, it's Sam. A few of us are getting dinner on Saturday at seven thirty, and we'd love for you to come. Let me know by Friday if you can make it. My number is two one two, five five five, oh one eight one. Bye!",
    name: 'Sam',
    business: null,
    number: '2125550181',
    amounts: [],
    times: [{ day: 'saturday', hour: 7, minute: 30 }, { day: 'friday' }],
    event: { kind: 'meeting', day: 'saturday', hour24: 19, minute: 30 },
    urgent: false,
    spam: false,
    mustSay: ['dinner', 'saturday'],
  },
  {
    id: 'credit-union-charge',
    script:
      'Hello, this is Marcus from the fraud team at First Coast Credit Union. We noticed a charge of nine hundred forty dollars on your debit card this morning that looks unusual. If you did not make this purchase, please call us back today at nine zero four, five five five, oh one five three, so we can block the card before any more charges go through.',
    name: 'Marcus',
    business: 'First Coast Credit Union',
    number: '9045550153',
    amounts: [940],
    times: [{ relative: 'today' }],
    event: null,
    urgent: true,
    spam: false,
    mustSay: ['charge', 'block'],
  },
  {
    id: 'vet-treatment',
    script:
      "Hi, this is Doctor Reyes at Oak Hill Animal Hospital. Biscuit's blood test came back, and we would like to start treatment today. Please call us as soon as you can at five zero three, five five five, oh one nine two.",
    name: 'Reyes',
    business: 'Oak Hill Animal Hospital',
    number: '5035550192',
    amounts: [],
    times: [{ relative: 'today' }],
    event: null,
    urgent: true,
    spam: false,
    mustSay: ['blood', 'treatment'],
  },
  {
    id: 'leasing-renewal',
    script:
      'Hi, this is the leasing office at Parkview Apartments. Your lease renewal form is due this Friday by noon, and the new rent will be one thousand four hundred fifty dollars a month. Please stop by the office or call us at seven two zero, five five five, oh one one six.',
    name: null,
    business: 'Parkview Apartments',
    number: '7205550116',
    amounts: [1450],
    times: [{ day: 'friday', hour: 12 }],
    event: { kind: 'deadline', day: 'friday', hour24: 12, minute: 0 },
    urgent: false,
    spam: false,
    mustSay: ['lease', 'renewal'],
  },
];
