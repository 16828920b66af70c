/**
 * Longer voicemails (20-35 s: too long to text whole, so the first text is a summary) written to tune what
 * the summary carries (issue 32): the reason it matters, the ask, the price or amount and the time, each
 * with its ground truth (fact-truth.ts) and `points`, the words that show the reason and the ask made it
 * into the first text. `BENCH_FACTS_SET=summary npm run bench -- facts` speaks and scores them like the
 * facts benchmark's own (nothing is written to docs/benchmarks.md); test/unit/summary-carries.test.ts reads
 * what Moonshine base made of them. Not the held-out set: written by the helper who tuned the summarizer.
 */
import { type FactVoicemail, factVoicemail } from './fact-truth';

export type SummaryVoicemail = FactVoicemail & {
  /** Words (lowercase) of the reason and the ask, each of which the first text should carry. */
  readonly points: readonly string[];
};

const withPoints = (points: readonly string[], voicemail: FactVoicemail): SummaryVoicemail => ({
  ...voicemail,
  points,
});

export const SUMMARY_VOICEMAILS: readonly SummaryVoicemail[] = [
  withPoints(
    ['fever', 'picked up'],
    factVoicemail({
      id: 'nurse-fever',
      script:
        "Hi, this is Karen Walsh, the school nurse at Lincoln Elementary. I'm calling about your daughter, Emma. She has a fever of a hundred and two and she threw up after lunch, so she needs to be picked up as soon as possible. She is resting in my office. Please call the front office at three one two, five five five, oh one four seven, or just come by before two thirty today. Thank you.",
      name: 'Karen',
      nameSaid: 'this is',
      number: '3125550147',
      numberSaid: ['oh for zero'],
      times: [{ hour: 2, minute: 30, relative: 'today' }],
    }),
  ),
  withPoints(
    ['replaced'],
    factVoicemail({
      id: 'plumber-quote',
      script:
        'Hey, this is Mike from Reliable Plumbing, calling back about your water heater. I looked at the photos you sent, and the tank is rusted through, so it needs to be replaced, not repaired. I can come out next Tuesday at nine in the morning, and the total would be eight hundred fifty dollars installed, which includes hauling away the old one. Give me a call at five one two, five five five, zero one six three if that works for you.',
      name: 'Mike',
      nameSaid: 'this is',
      number: '5125550163',
      numberSaid: ['digit by digit'],
      amounts: [850],
      times: [{ day: 'tuesday', hour: 9 }],
    }),
  ),
  withPoints(
    ['infection', 'treatment'],
    factVoicemail({
      id: 'vet-treatment',
      script:
        'Hello, this is Doctor Alvarez at Oak Street Animal Hospital, calling about Biscuit. His blood test came back, and it shows an infection, so we would like to start treatment today. The medication is one hundred twenty dollars for the first week. Please call us before five today at seven one eight, five five five, zero one two nine, so we can get him started. Thanks so much.',
      name: null,
      number: '7185550129',
      numberSaid: ['digit by digit'],
      amounts: [120],
      times: [{ hour: 5, relative: 'today' }],
    }),
  ),
  withPoints(
    ['late fee', 'pay'],
    factVoicemail({
      id: 'rent-returned',
      script:
        "Good morning, this is Greg, the property manager at Maple Court Apartments. I'm sorry to bother you, but your rent payment of one thousand four hundred fifty dollars did not go through, because the bank returned it. To avoid a late fee of seventy five dollars, please pay by noon on Friday. If you have any questions, you can call the leasing office at four one five, five five five, zero one eight one.",
      name: 'Greg',
      nameSaid: 'this is',
      number: '4155550181',
      numberSaid: ['digit by digit'],
      amounts: [1450, 75],
      times: [{ day: 'friday', hour: 12 }],
    }),
  ),
  withPoints(
    ['deposit'],
    factVoicemail({
      id: 'roof-deposit',
      script:
        "Hi there, it's Tom from Bright Roofing, following up on the estimate we did last week. Good news, we can start your roof on Monday at eight a m. We do need a deposit of five hundred dollars by Thursday to hold that date, and the full job comes to four thousand two hundred dollars. Call me back at nine one nine, five five five, zero one seven two, and we'll get you on the schedule.",
      name: 'Tom',
      nameSaid: "it's",
      number: '9195550172',
      numberSaid: ['digit by digit'],
      amounts: [500, 4200],
      times: [{ day: 'monday', hour: 8 }, { day: 'thursday' }],
    }),
  ),
  withPoints(
    ['broke down', 'tow'],
    factVoicemail({
      id: 'car-breakdown',
      script:
        "Mom, it's Sarah. Don't worry, I'm okay, but my car broke down on the highway near exit twelve and I'm waiting for the tow truck. The tow is going to cost about a hundred eighty dollars, and they only take cash or card. Can you call me back as soon as you get this? My phone is almost dead, so if I don't answer, I'll be at the gas station on Main Street around four.",
      name: 'Sarah',
      nameSaid: "it's",
      number: null,
      amounts: [180],
      times: [{ hour: 4 }],
    }),
  ),
  withPoints(
    ['confirm'],
    factVoicemail({
      id: 'clinic-reschedule',
      script:
        "Hello, this is Linda calling from Doctor Patel's office at Riverside Clinic. Unfortunately the doctor will be out on Wednesday, so we need to move your appointment. We have openings on Thursday at ten thirty, or Friday at two fifteen. Please call us back to confirm which time works for you, at two zero six, five five five, zero one nine four. We are open until five today.",
      name: 'Linda',
      nameSaid: 'this is',
      number: '2065550194',
      numberSaid: ['digit by digit'],
      times: [
        { day: 'wednesday' },
        { day: 'thursday', hour: 10, minute: 30 },
        { day: 'friday', hour: 2, minute: 15 },
        { hour: 5, relative: 'today' },
      ],
    }),
  ),
  withPoints(
    ['pay stub'],
    factVoicemail({
      id: 'mortgage-paystub',
      script:
        "Hi, it's Laura from Summit Bank, about your mortgage application. We are only missing one document, your most recent pay stub, and we need it by Friday to lock in your rate. The loan amount is three hundred twenty thousand dollars, as we discussed. My direct line is six one seven, five five five, zero one three eight. You can also email it to me. Have a good day.",
      name: 'Laura',
      nameSaid: "it's",
      number: '6175550138',
      numberSaid: ['my direct line is'],
      amounts: [320000],
      times: [{ day: 'friday' }],
    }),
  ),
];
