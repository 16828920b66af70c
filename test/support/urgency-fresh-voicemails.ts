/**
 * A fresh set for the urgency benchmark (issue 32, deliverable 5), written FIRST, before the rules were widened
 * or the sentence-embedding second opinion's prototypes and threshold were chosen, and never tuned on: the
 * rules and the prototypes were tuned on test/support/urgency-voicemails.ts and on the dev list
 * (test/support/urgency-dev-voicemails.ts) only. Urgent calls span the kinds a person calls about (health and
 * symptoms, children, pets, legal and government deadlines today, money at risk, home dangers, travel
 * disruption, a deadline within hours), most of them without "urgent", "emergency" or "as soon as"; the
 * routine ones carry the same topics when nothing is pressing (a surgery that went fine, a vaccine due this
 * month, a jury date next month, a package arriving today); the spam fakes urgency. Numbers are words, the way
 * a caller says them.
 */
import type { UrgencyVoicemail } from './urgency-voicemails';

const urgent = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'urgent', script });
const routine = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'routine', script });
const robocall = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'robocall', script });
const scam = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'scam', script });

export const URGENCY_FRESH_VOICEMAILS: readonly UrgencyVoicemail[] = [
  urgent(
    'nf-dad-slurred',
    "Hey, it's Tom. Dad's been really dizzy all morning and now his speech sounds slurred. I'm driving him over to Saint Mary's. Call me when you get this.",
  ),
  routine(
    'nf-dentist-checkup',
    'Hi, this is Tara from Bright Smile Dental, reminding you of your checkup next Wednesday at ten thirty. Give us a call if you need to change it.',
  ),
  urgent(
    'nf-soccer-knee',
    "Hi, it's coach Daniel from soccer practice. Noah took a hard hit to the knee and he can't put any weight on it. We've got ice on it, but someone needs to come get him and he probably needs an X-ray. We're at Riverside field.",
  ),
  routine(
    'nf-vet-vaccine',
    'Hi, this is Greenfield Vet. Max is due for his yearly rabies shot sometime this month. Give us a call whenever it suits you to book a time.',
  ),
  urgent(
    'nf-cat-kidneys',
    "Hi, this is Doctor Patel at Oakwood Animal Clinic. Luna's bloodwork shows her kidneys are struggling, and we'd like to admit her this afternoon to start fluids. Please give us a ring before two.",
  ),
  routine(
    'nf-surgery-fine',
    "Hey, it's Uncle Ron. Just letting you know Aunt Carol's knee surgery went fine yesterday and she's home resting. No need to call back, I just thought you'd want to know.",
  ),
  urgent(
    'nf-dog-car',
    "Hey, it's Mike from across the street. Your dog got out and I think a car clipped him. He's limping badly and there's blood on his leg. I've got him in my garage. Come home as fast as you can.",
  ),
  scam(
    'nf-ssa-warrant',
    'This is an automated message from the Social Security Administration. Your number has been suspended because of suspicious activity. Press one immediately to speak to an officer, or a warrant will be issued in your name.',
  ),
  urgent(
    'nf-eviction-filing',
    "This is Karen Lowe at the county clerk's office. Your answer to the eviction case has to be filed by four thirty this afternoon, or the landlord can ask the judge for a default. Call me back at five five five, two one eight, four four zero nine.",
  ),
  routine(
    'nf-package-today',
    'Hi, this is Ben from Parcel Express. Your package will arrive today between two and six. No signature is needed.',
  ),
  urgent(
    'nf-visa-forms',
    'Hello, this is Aaron at the immigration law office. The consulate moved your visa interview up to tomorrow at eight, and the signed forms have to reach them before they close at five today. Please phone me the minute you get this.',
  ),
  routine(
    'nf-library-hold',
    'This is the Maple Street Library. The book you reserved has come in, and we will hold it for you for seven days.',
  ),
  urgent(
    'nf-bank-hold',
    "Hi, this is Derek from First Harbor Bank. Someone tried to move four thousand dollars out of your savings this morning. We've put a hold on it, but we need to hear from you before the end of business whether it was you. Please call the number on the back of your card.",
  ),
  routine(
    'nf-picture-day',
    'Hello families, this is Oak Hill Elementary. Picture day is next Tuesday, and order forms went home in backpacks today.',
  ),
  urgent(
    'nf-closing-lock',
    "Hi, it's Megan, your realtor. The lender still doesn't have your signed disclosure, and if it isn't back by three the closing slips and you lose your rate lock. Call me, we have to sort this out this morning.",
  ),
  robocall(
    'nf-medicare-card',
    'Hi, this is Kelly calling about your new Medicare benefits card. You may be eligible for extra savings this year. Press one to learn more, or press two to be removed.',
  ),
  urgent(
    'nf-ceiling-drip',
    "Hey, it's Julie from downstairs. There's water dripping through my ceiling right under your bathroom, and it's getting worse by the minute. Can you check your place, or leave me a key? I'm worried about the light fixture.",
  ),
  routine(
    'nf-friend-dinner',
    "Hey, it's Chris. Are we still on for dinner Saturday? Let me know when you get a chance, there's no rush.",
  ),
  urgent(
    'nf-detector-headaches',
    "Hi, it's Sam at the house. The carbon monoxide detector keeps beeping and the kids have headaches, so we all went outside. What's the number for the furnace guy? Call me back.",
  ),
  routine(
    'nf-plumber-quote',
    'Hi, this is Steve from Clearflow Plumbing with the quote for the new water heater: nine hundred fifty dollars installed. I can come out next Thursday if that works for you.',
  ),
  urgent(
    'nf-tree-wires',
    "Hi, it's your neighbor Greg. That big oak in your yard came down in the storm and it's lying across the power line by your driveway. There are sparks. I called the utility, but don't pull in when you get home.",
  ),
  routine(
    'nf-jury-reminder',
    'This is the county courthouse with a courtesy reminder: your jury service starts on the fourteenth of next month. Check the website the Friday before for your reporting group.',
  ),
  urgent(
    'nf-stranded-denver',
    "Hi, it's Lena. My flight got cancelled and the next seat they can give me is Thursday. I'm stuck in Denver with no hotel and I don't know what to do. Call me when you get this.",
  ),
  scam(
    'nf-grandson-bail',
    "Grandma? It's me. I got in a car accident and they put me in jail. I need you to send money for bail right away, and please don't tell Mom and Dad.",
  ),
  urgent(
    'nf-train-pickup',
    "Hi, it's Grandma. My train broke down outside Springfield and I won't make it back in time to get Sophie from school at three. Can you or someone pick her up? Let me know.",
  ),
  routine(
    'nf-insurance-renewal',
    "Hi, it's Paula from Greenway Insurance. Your auto policy renews at the end of next month and the rate is staying the same. Call me if you have any questions.",
  ),
  urgent(
    'nf-insulin-denied',
    'Hi, this is Carlos at Westside Pharmacy. Your insulin refill was denied by your insurance, and you only have enough to last until tomorrow. Your doctor needs to call us today to approve something else.',
  ),
  routine(
    'nf-mom-hello',
    "Hi sweetie, it's Mom. Nothing important, I just wanted to hear your voice. Call me this weekend.",
  ),
  urgent(
    'nf-mother-wrist',
    "Hi, this is Brenda from Sunrise Senior Living. Your mother slipped in the dining hall. She's alert, but her wrist is swollen and our nurse thinks it should be X-rayed. We need your okay to send her to the clinic.",
  ),
  routine(
    'nf-flight-ontime',
    'Hello, this is Coastal Airlines. Your flight to Boston tomorrow is on time. Check-in opens twenty four hours before departure.',
  ),
  urgent(
    'nf-school-lockdown',
    'This is Principal Harris at Jefferson Middle School. We are in a lockdown because of an incident near campus. All students are safe. Parents should not come to the school; pick-up will be at the community center at two fifteen.',
  ),
  scam(
    'nf-power-disconnect',
    'This is the disconnection department of City Power. Your electricity will be shut off within the hour unless you pay the past due balance. Press two to pay now.',
  ),
  urgent(
    'nf-car-shoulder',
    "Hey babe, it's me. The car just died on the highway near exit forty and I'm on the shoulder with the hazards on. It's getting dark. Can you come get me or find a tow? My phone's almost dead.",
  ),
  routine(
    'nf-playdate',
    "Hi, this is Jenny, Olivia's mom. The girls had so much fun today! Would Liam like to come over again next weekend?",
  ),
  urgent(
    'nf-offer-noon',
    "Hi, this is Priya from Northwind Recruiting. The client wants your answer on the offer by noon, otherwise they'll move on to the next candidate. Give me a shout before then.",
  ),
  routine(
    'nf-spin-class',
    "Hi, it's Marco from Core Fitness. Tonight's six o'clock spin class has moved to studio B. See you there.",
  ),
  urgent(
    'nf-friend-crisis',
    "Hey, it's Jordan. I'm not doing okay. I haven't slept in days and I keep thinking about ending it all. I really need to talk to someone. Please call me.",
  ),
  robocall(
    'nf-home-warranty',
    'Hi, this is Amanda from the Home Protection Center. Our records show your home warranty coverage lapses today. Call us back now to keep your protection active. This is your final notice.',
  ),
  urgent(
    'nf-biopsy-call',
    "Hello, this is Doctor Kim's office. Your biopsy results came in, and the doctor would like to go over them with you in person tomorrow morning. Please call us this afternoon to confirm.",
  ),
  routine(
    'nf-roof-done',
    "Hey, it's Luis. The roof repair is done and I cleaned out the gutters too. I'll drop the invoice in your mailbox; pay whenever you can.",
  ),
  urgent(
    'nf-stove-on',
    "Hi, it's Aunt May. I think I left the stove on at your place when I made lunch. Could you run home and check? I'm already at the airport.",
  ),
  scam(
    'nf-amazon-iphone',
    'This is Amazon security. An order for an iPhone costing nine hundred ninety nine dollars was placed on your account. If you did not make this purchase, press one to speak to a representative.',
  ),
  urgent(
    'nf-purse-stolen',
    "Hey, it's Nina. My purse got stolen at the mall, and your credit card was in it. You should cancel the card now, before anyone uses it.",
  ),
  routine(
    'nf-prescription-ready',
    'Hi, this is the Walgreens pharmacy. Your prescription is ready for pickup, and we will hold it for ten days.',
  ),
];
