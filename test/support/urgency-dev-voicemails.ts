/**
 * The dev list of issue 32's urgency work: voicemails the widened rules and the sentence-embedding second
 * opinion (core/urgency/urgency-kinds.ts) were tuned on, with test/support/urgency-voicemails.ts. Written after
 * the fresh set (test/support/urgency-fresh-voicemails.ts), which stays untuned, in other words and situations
 * of the same kinds. Read as text (test/unit/urgency-opinion.test.ts), not spoken.
 */
import type { UrgencyVoicemail } from './urgency-voicemails';

const urgent = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'urgent', script });
const routine = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'routine', script });
const scam = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'scam', script });
const robocall = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'robocall', script });

export const URGENCY_DEV_VOICEMAILS: readonly UrgencyVoicemail[] = [
  urgent(
    'dev-wife-breathing',
    "It's Paul. Anna is having trouble breathing and her lips look blue. The paramedics are here, we're heading to General. Call me.",
  ),
  urgent(
    'dev-toddler-swallowed',
    "Hi, it's Kim, the babysitter. Leo swallowed one of those button batteries, I think. Poison control told me to take him in. Please call me back.",
  ),
  urgent(
    'dev-puppy-grapes',
    'Hey, it is Sara. The puppy got into the bag of grapes on the counter and ate a bunch. The animal hospital says bring him in now. Can you meet us there?',
  ),
  urgent(
    'dev-horse-colic',
    "This is Doctor Reyes, the equine vet. Your mare is showing signs of colic and I'd like to start treatment this evening. Please call me back so I can get your consent.",
  ),
  urgent(
    'dev-hearing-moved',
    'Hi, this is Mark Stone, your attorney. The judge moved your custody hearing to this afternoon at two. You need to be at the courthouse by one thirty. Call me.',
  ),
  urgent(
    'dev-dmv-license',
    'This is the licensing office. Your license will be suspended at midnight unless the insurance form reaches us today. We close at four thirty.',
  ),
  urgent(
    'dev-tax-payment-failed',
    "Hi, this is Joan, your accountant. The estimated tax payment bounced and the penalty starts accruing after today. Call me back before the end of the day and we'll fix it.",
  ),
  urgent(
    'dev-rent-bounced',
    "Hi, it's Linda from the property office. Your rent check bounced, and if we don't have payment by five today we have to start the late process. Please come by.",
  ),
  urgent(
    'dev-card-skimmed',
    "This is Tom from Valley Credit Union. We're seeing charges on your debit card from another state right now. We have frozen the card. Please call the number on your statement.",
  ),
  urgent(
    'dev-frozen-pipes',
    "Hey, it's Ray next door. The pipe in your garage split in the cold and there's water all over the floor, heading for your furnace. I shut the main valve. You need to call a plumber.",
  ),
  urgent(
    'dev-smoke-neighbor',
    "It's Donna next door. There's a burning smell coming from your kitchen window and I can hear a beeping. Nobody answers the door. Should I call someone?",
  ),
  urgent(
    'dev-window-smashed',
    "Hi, it's Rick from the shop next to yours. Someone smashed your front window last night and the door's wide open. You'll want to come down here.",
  ),
  urgent(
    'dev-missed-connection',
    "Hi honey, it's Mom. We missed our connection in Atlanta and the airline says there's nothing until tomorrow. We're sitting at the gate, can you phone us back and help rebook?",
  ),
  urgent(
    'dev-ferry-strike',
    "Hi, it's Tess. The ferry is cancelled because of the strike, so I can't get back tonight to pick up the kids from camp at six. Someone has to get them.",
  ),
  urgent(
    'dev-contract-deadline',
    "Hey, it's Omar. The landlord needs the signed lease back in two hours or he gives the apartment to the other couple. Please sign it and send it over.",
  ),
  urgent(
    'dev-dad-confused',
    "Hi, this is Grace, your dad's neighbor. He's wandering in the street in his slippers and doesn't know what day it is. I've got him inside. Can you come?",
  ),
  urgent(
    'dev-sitter-cant',
    "Hi, it's Amber. I'm so sorry, I'm sick and can't watch the twins this afternoon. You'll need to find someone before noon.",
  ),
  urgent(
    'dev-school-missing',
    "This is the front office at Lincoln Elementary. Jacob did not get on his bus and we can't locate him on campus. Please call us back immediately.",
  ),
  routine(
    'dev-eye-exam',
    'Hi, this is Clear Vision Optometry. Just a reminder that your annual eye exam is coming up on the twelfth. Call us to confirm.',
  ),
  routine(
    'dev-vet-results-fine',
    "Hi, it's the vet's office. Bella's blood work came back normal, so there's nothing to worry about. See you at her next checkup.",
  ),
  routine(
    'dev-doctor-results-fine',
    'Hi, this is Doctor Lee. Your test results look good, everything is in the normal range. No need to call back.',
  ),
  routine(
    'dev-court-parking',
    'This is the city parking office. Your permit renewal is due next month. You can renew online any time.',
  ),
  routine(
    'dev-flight-delay-small',
    "Hey, it's Dan. My flight's running about twenty minutes late, no big deal. I'll grab a cab, don't wait up.",
  ),
  routine(
    'dev-plumber-later',
    "Hi, it's Joe the plumber. I can fix that slow drain next week, Tuesday or Wednesday. Let me know which day is better.",
  ),
  routine(
    'dev-bank-statement',
    'Hello, this is Valley Credit Union. Your new statements are available online. Have a great day.',
  ),
  routine(
    'dev-school-newsletter',
    'Hi families, this is Lincoln Elementary. The spring concert is next Friday evening. We hope to see you there.',
  ),
  routine(
    'dev-friend-birthday',
    "Hey, it's Meg! Happy birthday! Call me back when you have a minute, I want to hear all about your trip.",
  ),
  routine(
    'dev-pickup-today-fine',
    "Hi, it's the dry cleaner. Your suits are ready today. We're open until seven, pick them up whenever it suits you.",
  ),
  routine(
    'dev-kid-had-fun',
    'Hi, this is Coach Amy. Ethan played great today, he scored twice! Practice is Thursday at five as usual.',
  ),
  routine(
    'dev-pet-groomer',
    "Hi, this is Paws Grooming. Charlie's all clean and ready to go home. We're here until six.",
  ),
  scam(
    'dev-irs-lawsuit',
    'This is officer Brown from the tax department. A lawsuit has been filed against you for back taxes. Call immediately or local police will come to your home.',
  ),
  scam(
    'dev-nephew-hospital',
    "Hi, it's your nephew. I was in an accident and I'm in the hospital abroad. I need you to buy gift cards and read me the numbers. Please don't tell anyone.",
  ),
  robocall(
    'dev-car-warranty',
    'We have been trying to reach you about your car warranty, which is about to expire. Press one to speak with a specialist today.',
  ),
  robocall(
    'dev-debt-relief',
    'This is a final notice about your credit card debt. You qualify for our debt relief program. Press one now.',
  ),
];
