/**
 * Voicemails labelled by how pressing they are (issue 25): urgent (an emergency, or a request by a time
 * today), routine, robocalls (recorded sales calls) and scams (several of which fake urgency). `npm run bench
 * -- urgency` speaks them (voices and recordings in turn, as the facts benchmark does) and compares the level
 * the pipeline gives with the label; the integration test speaks two of them. Numbers are written as words,
 * the way a caller says them, since flite reads digits one by one.
 */
import type { UrgencyLevel } from '#core/urgency/urgency-schema';

export type UrgencyLabel = 'urgent' | 'routine' | 'robocall' | 'scam';

export type UrgencyVoicemail = {
  readonly id: string;
  readonly label: UrgencyLabel;
  readonly script: string;
};

/** The level a voicemail of each label should get. */
export const EXPECTED_LEVEL: Readonly<Record<UrgencyLabel, UrgencyLevel>> = {
  urgent: 'urgent',
  routine: 'normal',
  robocall: 'likely_spam',
  scam: 'likely_spam',
};

const urgent = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'urgent', script });
const routine = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'routine', script });
const robocall = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'robocall', script });
const scam = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'scam', script });

export const URGENCY_VOICEMAILS: readonly UrgencyVoicemail[] = [
  urgent(
    'sick-son',
    'Hi, this is Lisa. My son is sick, please call me back before five today at four one five, five five five, zero one three two.',
  ),
  routine(
    'dentist-confirm',
    "Hi, this is Jenna from Lakeside Dental. I'm calling to confirm your cleaning on Friday at nine. If you need to reschedule, call us at two zero six, five five five, zero one four two.",
  ),
  robocall(
    'car-warranty',
    "We've been trying to reach you concerning your car's extended warranty. Press one to speak with a specialist now, or press two to be removed from our list.",
  ),
  scam(
    'irs-arrest',
    'This is the IRS. A lawsuit has been filed against you for back taxes. Call us back immediately or a warrant will be issued for your arrest.',
  ),
  urgent(
    'school-nurse',
    'Hello, this is Maria, the school nurse at Lincoln Elementary. Your daughter has a fever and needs to be picked up. Please call me back as soon as you can.',
  ),
  routine(
    'dad-visit',
    "Hey, it's Dad. Your mom and I are driving up on Saturday, we should be there around noon. Call me back when you get a minute.",
  ),
  robocall(
    'interest-rate',
    'This call is regarding your credit card debt. You qualify for a lower interest rate. Press one now to speak with an agent.',
  ),
  scam(
    'social-security',
    'This is the Social Security Administration. Your social security number has been suspended due to fraudulent activity. Call us immediately.',
  ),
  urgent(
    'hospital-dad',
    "Hey, it's Tom. Dad fell this morning and he is at the hospital now. Call me right away, I'm on my cell.",
  ),
  routine(
    'plumber-wednesday',
    'Hi, this is Steve from Acme Plumbing. I can come by on Wednesday between one and three. Give me a call before five tomorrow if that works.',
  ),
  robocall(
    'solar',
    'Hello, this is a limited time offer on solar panels for your home. Press one to learn more about the program.',
  ),
  scam(
    'gift-card-grandson',
    "Grandma, it's me. I'm in jail and I need bail money right now. Please pay with Google Play cards today and don't tell Mom.",
  ),
  urgent(
    'water-leak',
    "Hi, it's Karen from upstairs. Water is leaking through my ceiling from your apartment. Please come home or call me as soon as you get this.",
  ),
  routine(
    'pharmacy-ready',
    'Hello, this is a reminder from Greenfield Pharmacy. Your prescription is ready for pickup. We are open until eight tonight.',
  ),
  robocall(
    'medicare',
    'Hi, this is an important message about your Medicare benefits. You may qualify for a new plan at no cost. Press one to speak to a licensed agent.',
  ),
  scam(
    'amazon-purchase',
    'This is Amazon. A suspicious purchase of an iPhone was made on your account. Press one to speak with a representative.',
  ),
  urgent(
    'locked-out',
    "Hey, it's Sam. I'm locked out of the house and the kids are with me. Can you call me back right away?",
  ),
  routine(
    'grandma-birthday',
    "Hello sweetheart, it's Grandma. I just wanted to say happy birthday. Call me when you can, no rush.",
  ),
  robocall(
    'final-notice',
    'This is your final notice. Please call us back today to avoid interruption of your service.',
  ),
  scam(
    'bitcoin-power',
    'This is your electric company. Your power will be disconnected in thirty minutes unless you pay the balance in Bitcoin. This is urgent.',
  ),
  urgent(
    'lab-results',
    "Hello, it's Angela at Doctor Kim's office. The doctor needs to talk to you about your results. Please call me back before four today at three one two, five five five, oh one seven eight.",
  ),
  routine(
    'book-club',
    "Hi, it's Nora. Book club moved to next Thursday at seven at my place. Let me know if you can come.",
  ),
  robocall(
    'home-offer',
    'Hi, we buy houses in your area. We can make a cash offer for your home this week. Press one to hear more.',
  ),
  scam(
    'tech-support',
    'Your computer has been infected with a virus. Call Microsoft support immediately at the number on your screen.',
  ),
  urgent(
    'car-accident',
    'Hi, this is Officer Grant with the city police. Your wife was in a car accident. She is okay but she is asking for you. Please call me back at six one seven, five five five, zero one two three.',
  ),
  routine(
    'insurance-questions',
    "Hi, it's Priya with Harbor Insurance. Your payment went through. If you have questions, call me before five today.",
  ),
  robocall(
    'student-loan',
    'This is an important message about student loan forgiveness. You may be eligible for relief. Press one now.',
  ),
  scam(
    'prize-cruise',
    "Congratulations! You've been selected for a free cruise to the Bahamas. Press one to claim your prize.",
  ),
  urgent(
    'daycare-pickup',
    'Hi, this is Jen from Sunny Days daycare. Your son threw up after lunch and he needs to be picked up. Please call us as soon as possible.',
  ),
  routine(
    'mechanic-ready',
    'Hi, this is Dmitri from the garage. Your car will be ready on Monday morning. The total is three hundred dollars.',
  ),
  scam(
    'wire-lawyer',
    'Hello, I am the lawyer for your nephew. He was arrested and he needs you to wire the money for his release today. Call me back right away.',
  ),
  urgent(
    'gas-smell',
    'Hello, this is Mike, your landlord. A neighbor smells gas in the hallway and the fire department is on the way. Call me right now.',
  ),
  routine(
    'friend-dinner',
    "Hey, it's Chloe. Do you want to get dinner sometime next week? Text me back whenever.",
  ),
  scam(
    'billing-gift-cards',
    'Hi, this is the billing department. Your account is past due. To avoid arrest, you must buy gift cards and read me the numbers today.',
  ),
  urgent(
    'contract-today',
    "Hi, it's Priya. The client needs the signed contract today, so please call me back before three today.",
  ),
  routine(
    'vet-reminder',
    'Hi, this is Mei from Riverside Vet. Buddy is due for his shots next month. Call us to book a time.',
  ),
  routine(
    'nothing-urgent',
    "Hi, it's Mom. Nothing urgent, just wanted to hear how your week went. Talk soon.",
  ),
];
