/**
 * Voicemails with the facts a person acts on (issue 24), each with its ground truth (fact-truth.ts).
 * `npm run bench -- facts` speaks them (renderingOf: voices and recordings in turn) and scores every reply's
 * first text against the truth. Numbers are written as words, the way a caller says them ("oh" for zero,
 * "eight hundred", twice, with an extension), since flite reads digits one by one. Every callback number is
 * a valid US number (a real area code, 555-01xx), so a check that drops invalid numbers is never right to
 * drop one of these.
 */
import { type FactVoicemail, factVoicemail } from './fact-truth';

export type { FactVoicemail } from './fact-truth';

export const FACT_VOICEMAILS: readonly FactVoicemail[] = [
  factVoicemail({
    id: 'jenna-dental',
    script:
      "Hi, this is Jenna from Lakeside Dental. I'm calling to confirm your cleaning on Friday at nine. If you need to reschedule, please call us at two zero six, five five five, zero one four two. Thanks!",
    name: 'Jenna',
    nameSaid: 'this is',
    number: '2065550142',
    numberSaid: ['digit by digit'],
    times: [{ day: 'friday', hour: 9 }],
  }),
  factVoicemail({
    id: 'angela-lab',
    script:
      "Hello, it's Angela at Doctor Kim's office. Your lab results are in and the doctor would like to go over them with you. Please call me back before five today at three one two, five five five, oh one seven eight.",
    name: 'Angela',
    nameSaid: "it's",
    number: '3125550178',
    numberSaid: ['oh for zero'],
    times: [{ hour: 5, relative: 'today' }],
  }),
  factVoicemail({
    id: 'priya-insurance',
    script:
      "Hi, it's Priya with Harbor Insurance. Your payment of four hundred twelve dollars on the card ending in seven seven three one went through. If you have questions, call me at eight hundred, five five five, oh one four two, extension two oh four, before five today.",
    name: 'Priya',
    nameSaid: "it's",
    number: '8005550142',
    numberSaid: ['eight hundred', 'oh for zero', 'with an extension'],
    amounts: [412],
    digits: [
      { digits: '7731', cue: 'card' },
      { digits: '204', cue: 'extension' },
    ],
    times: [{ hour: 5, relative: 'today' }],
  }),
  factVoicemail({
    id: 'dad',
    script:
      "Hey, it's Dad. Your mom and I are driving up on Saturday and we should be there around noon. Call me back on my cell when you get a minute, it's four one five, five five five, zero one three two.",
    name: 'Dad',
    nameSaid: "it's",
    number: '4155550132',
    numberSaid: ['digit by digit'],
    times: [{ day: 'saturday', hour: 12 }],
  }),
  factVoicemail({
    id: 'nora-caterer',
    script:
      "Hi, this is Nora, the caterer for Saturday's party. I'm sorry, but I have to cancel because our kitchen flooded this morning. I can recommend another caterer if you call me at six one seven, five five five, oh one two three.",
    name: 'Nora',
    nameSaid: 'this is',
    number: '6175550123',
    numberSaid: ['oh for zero'],
    times: [{ day: 'saturday' }],
  }),
  factVoicemail({
    id: 'jake-plumber',
    script:
      "Hey, it's Jake, the plumber. I can't come until Monday, so I need you to decide if you want me to order the part now. It will cost about two hundred dollars. Text or call me at five one two, five five five, zero one four seven.",
    name: 'Jake',
    nameSaid: "it's",
    number: '5125550147',
    numberSaid: ['digit by digit'],
    amounts: [200],
    times: [{ day: 'monday' }],
  }),
  factVoicemail({
    id: 'pharmacy',
    script:
      'Hello, this is a reminder from Greenfield Pharmacy. Your prescription is ready for pickup. We are open until eight p m tonight, and from nine a m tomorrow.',
    name: null,
    number: null,
    times: [
      { hour: 8, relative: 'tonight' },
      { hour: 9, relative: 'tomorrow' },
    ],
  }),
  factVoicemail({
    id: 'marcus-roofing',
    script:
      "Hi, this is Marcus from Summit Roofing about the estimate you asked for. My number is seven one eight, five five five, zero one six six. Again, that's seven one eight, five five five, zero one six six. I'm free Thursday after two.",
    name: 'Marcus',
    nameSaid: 'this is',
    number: '7185550166',
    numberSaid: ['twice, the same'],
    times: [{ day: 'thursday', hour: 2 }],
  }),
  factVoicemail({
    id: 'sofia-realty',
    script:
      "Hi, my name is Sofia and I'm calling from Riverside Realty about the apartment on Elm Street. You can reach me at two one three, five five five, zero one nine zero. That's two thirteen, five five five, oh one ninety. The showing is on Wednesday at four thirty.",
    name: 'Sofia',
    nameSpelledAlso: ['Sophia'],
    nameSaid: 'my name is',
    number: '2135550190',
    numberSaid: ['twice, differently'],
    times: [{ day: 'wednesday', hour: 4, minute: 30 }],
  }),
  factVoicemail({
    id: 'daniel-fraud',
    script:
      'Hello, my name is Daniel, calling from the fraud department of First National Bank. We noticed a charge of eight hundred fifty dollars on your debit card ending in four four zero two. My direct line is three zero three, five five five, zero one five five. Please call before six p m today.',
    name: 'Daniel',
    nameSaid: 'my name is',
    number: '3035550155',
    numberSaid: ['my direct line is'],
    amounts: [850],
    digits: [{ digits: '4402', cue: 'card' }],
    times: [{ hour: 6, relative: 'today' }],
  }),
  factVoicemail({
    id: 'ngozi-lunch',
    script:
      "Hi, Ngozi here. Just checking that we're still on for lunch tomorrow at twelve thirty. Let me know!",
    name: 'Ngozi',
    nameSaid: 'not introduced',
    number: null,
    times: [{ relative: 'tomorrow', hour: 12, minute: 30 }],
  }),
  factVoicemail({
    id: 'school-closing',
    script:
      'This message is from Lincoln Elementary School. School will close early on Thursday at one p m for parent teacher conferences. Buses will leave at one fifteen.',
    name: null,
    number: null,
    times: [{ day: 'thursday', hour: 1 }],
  }),
  factVoicemail({
    id: 'siobhan-library',
    script:
      'Hi, this is Siobhan from the library. The book you reserved has arrived, and we will hold it for you until the twenty third. Our number is five zero three, five five five, zero one eight three.',
    name: 'Siobhan',
    nameSaid: 'this is',
    number: '5035550183',
    numberSaid: ['digit by digit'],
    times: [{ date: 23 }],
  }),
  factVoicemail({
    id: 'xavier-electric',
    script:
      "It's Xavier from Bright Electric. The quote for the new panel is one thousand two hundred fifty dollars, parts and labor. I can start next Tuesday at eight. Call me at nine one nine, five five five, zero one three four.",
    name: 'Xavier',
    nameSaid: "it's",
    number: '9195550134',
    numberSaid: ['digit by digit'],
    amounts: [1250],
    times: [{ day: 'tuesday', hour: 8 }],
  }),
  factVoicemail({
    id: 'mei-vet',
    script:
      "Hi, this is Mei from Oak Street Vet. Buddy's vaccines are due this month. Please call us at two zero two, five hundred, zero one two seven to book a visit. We have openings on Monday at three.",
    name: 'Mei',
    nameSaid: 'this is',
    number: '2025000127',
    numberSaid: ['five hundred'],
    times: [{ day: 'monday', hour: 3 }],
  }),
  factVoicemail({
    id: 'utility-bill',
    script:
      'Hello, this is Pacific Gas and Power calling about your account ending in eight one five two. Your balance of ninety four dollars is past due. Please pay by the fifteenth to avoid a late fee.',
    name: null,
    number: null,
    amounts: [94],
    digits: [{ digits: '8152', cue: 'account' }],
    times: [{ date: 15 }],
  }),
  factVoicemail({
    id: 'tom-airport',
    script:
      "Hey, it's Tom. I'm stuck at the airport in Denver and my flight got cancelled. Can you cover the client meeting tomorrow at ten? Call me on my cell, two zero six, five five five, one nine eight seven.",
    name: 'Tom',
    nameSaid: "it's",
    number: '2065551987',
    numberSaid: ['digit by digit'],
    times: [{ relative: 'tomorrow', hour: 10 }],
  }),
  factVoicemail({
    id: 'rebecca-patel',
    script:
      "Hi, this is Rebecca calling from Doctor Patel's office. We need to move your appointment on Thursday. We can offer you Friday at nine a m, or Monday at four p m. Please call us back at eight eight eight, five five five, zero one one zero to confirm.",
    name: 'Rebecca',
    nameSaid: 'this is',
    number: '8885550110',
    numberSaid: ['digit by digit'],
    times: [
      { day: 'friday', hour: 9 },
      { day: 'monday', hour: 4 },
    ],
  }),
  factVoicemail({
    id: 'anjali-keys',
    script:
      "Hi, it's Anjali. I left my keys at your place last night. Can I come by and pick them up tomorrow before work, around seven thirty? Call me at four one five, five five five, zero one nine one.",
    name: 'Anjali',
    nameSaid: "it's",
    number: '4155550191',
    numberSaid: ['digit by digit'],
    times: [{ relative: 'tomorrow', hour: 7, minute: 30 }],
  }),
  factVoicemail({
    id: 'joaquin-short',
    script: "Hi, it's Joaquin. Call me back.",
    name: 'Joaquin',
    nameSaid: "it's",
    number: null,
  }),
  factVoicemail({
    id: 'dana-late',
    script: 'This is Dana. Running ten minutes late, see you soon.',
    name: 'Dana',
    nameSaid: 'this is',
    number: null,
  }),
  factVoicemail({
    id: 'dmitri-garage',
    script:
      'Good afternoon, my name is Dmitri from Apex Auto Repair. Your car is ready. The total comes to three hundred sixty dollars. We close at six, so please call two one three, five five five, oh one oh eight before then.',
    name: 'Dmitri',
    nameSpelledAlso: ['Dimitri'],
    nameSaid: 'my name is',
    number: '2135550108',
    numberSaid: ['oh for zero'],
    amounts: [360],
    times: [{ hour: 6 }],
  }),
  factVoicemail({
    id: 'aoife-delivery',
    script:
      'Hi, this is Aoife from Fresh Farms Delivery. Your order will arrive on Tuesday between ten and noon. If no one will be home, call us at eight hundred, five five five, zero one two two.',
    name: 'Aoife',
    nameSaid: 'this is',
    number: '8005550122',
    numberSaid: ['eight hundred'],
    times: [{ day: 'tuesday', hour: 10 }],
  }),
  factVoicemail({
    id: 'grandma',
    script:
      "Hello sweetheart, it's Grandma. I just wanted to say happy birthday. Call me when you can, I'll be home all evening.",
    name: 'Grandma',
    nameSaid: "it's",
    number: null,
  }),
  factVoicemail({
    id: 'lucas-staffing',
    script:
      "Hi, this is Lucas with Metro Staffing about the warehouse job. We'd like to offer you an interview on Wednesday the twenty first at eleven. My direct line is six one seven, five five five, zero one four nine, extension three one two.",
    name: 'Lucas',
    nameSaid: 'this is',
    number: '6175550149',
    numberSaid: ['my direct line is', 'with an extension'],
    digits: [{ digits: '312', cue: 'extension' }],
    times: [{ day: 'wednesday', date: 21, hour: 11 }],
  }),
  factVoicemail({
    id: 'karen-landlord',
    script:
      "Hi, it's Karen, your landlord. The water will be shut off on Tuesday from eight a m to noon for repairs. If you have questions, you can reach me at seven one eight, five five five, zero one nine nine.",
    name: 'Karen',
    nameSaid: "it's",
    number: '7185550199',
    numberSaid: ['digit by digit'],
    times: [{ day: 'tuesday', hour: 8 }],
  }),
  factVoicemail({
    id: 'ming-refund',
    script:
      "Hello, this is Ming from Cedar Hotel. We refunded one hundred eighty dollars to your card ending in two two six zero. If you don't see it by Friday, call us at three one two, five five five, zero one six zero.",
    name: 'Ming',
    nameSaid: 'this is',
    number: '3125550160',
    numberSaid: ['digit by digit'],
    amounts: [180],
    digits: [{ digits: '2260', cue: 'card' }],
    times: [{ day: 'friday' }],
  }),
  factVoicemail({
    id: 'its-me-game',
    script: "Hi, it's me. The game starts at seven, so leave by six fifteen.",
    name: null,
    number: null,
    times: [{ hour: 7 }, { hour: 6, minute: 15 }],
  }),
  factVoicemail({
    id: 'omar-new-number',
    script:
      "Hey, it's Omar. My new number is nine one nine, five five five, oh one oh five. I'll say it again: nine one nine, five five five, zero one zero five. Talk to you Sunday.",
    name: 'Omar',
    nameSaid: "it's",
    number: '9195550105',
    numberSaid: ['twice, differently', 'oh for zero'],
    times: [{ day: 'sunday' }],
  }),
  factVoicemail({
    id: 'hannah-billing',
    script:
      'Hello, this is Hannah from Valley Medical billing. You have a balance of forty five dollars. You can pay online, or call eight hundred, five five five, oh one three three, Monday through Friday.',
    name: 'Hannah',
    nameSpelledAlso: ['Hanna'],
    nameSaid: 'this is',
    number: '8005550133',
    numberSaid: ['eight hundred', 'oh for zero'],
    amounts: [45],
  }),
  factVoicemail({
    id: 'wei-therapy',
    script:
      "Hi, it's Wei from Sunrise Physical Therapy. Your next session is on the twenty eighth at two p m. Please call three zero three, five five five, zero one one seven if you need to change it.",
    name: 'Wei',
    nameSaid: "it's",
    number: '3035550117',
    numberSaid: ['digit by digit'],
    times: [{ date: 28, hour: 2 }],
  }),
  factVoicemail({
    id: 'chloe-salon',
    script:
      'Chloe from Bella Salon here, just confirming your haircut tomorrow at eleven thirty. See you then!',
    name: 'Chloe',
    nameSaid: 'not introduced',
    number: null,
    times: [{ relative: 'tomorrow', hour: 11, minute: 30 }],
  }),
  factVoicemail({
    id: 'gabriel-parking',
    script:
      'Hi, this is Gabriel from City Parking. You have a ticket for seventy five dollars. Please pay it before the thirtieth. Questions? Call two zero six, five five five, zero one seven seven.',
    name: 'Gabriel',
    nameSaid: 'this is',
    number: '2065550177',
    numberSaid: ['digit by digit'],
    amounts: [75],
    times: [{ date: 30 }],
  }),
  factVoicemail({
    id: 'fatima-clerk',
    script:
      "Hi, it's Fatima from the county clerk's office. Your documents are ready, and you can pick them up any weekday before four. My direct line is five one two, five five five, zero one two eight.",
    name: 'Fatima',
    nameSaid: "it's",
    number: '5125550128',
    numberSaid: ['my direct line is'],
    times: [{ hour: 4 }],
  }),
  factVoicemail({
    id: 'kenji-tickets',
    script:
      'This is Kenji. I paid you back the sixty dollars for the concert tickets. See you Saturday night!',
    name: 'Kenji',
    nameSaid: 'this is',
    number: null,
    amounts: [60],
    times: [{ day: 'saturday' }],
  }),
  factVoicemail({
    id: 'rosa-airline',
    script:
      'Hello, this is Rosa from Northwind Airlines. Your flight on Sunday has been moved to six forty five a m. To change your booking, call eight hundred, five five five, zero one five one. That is one eight hundred, five five five, zero one five one.',
    name: 'Rosa',
    nameSaid: 'this is',
    number: '8005550151',
    numberSaid: ['eight hundred', 'twice, differently'],
    times: [{ day: 'sunday', hour: 6, minute: 45 }],
  }),
];
