/**
 * A fresh held-out set for the urgency benchmark (issue 25), written after the rules were tuned on the first
 * held-out set (urgency-heldout.ts), by someone who had read neither the rules (core/urgency/urgency*.ts), their
 * tests, the model the benchmark simulates, nor the scripts of the other two sets: only the issue's
 * description of urgent, routine, robocall and scam calls. Urgent calls vary in who calls and how (many never
 * say "urgent" or "emergency"); routine ones include times today that are not pressing and feelings that are
 * not emergencies; a real fraud alert asks to call the number on the card, a fake one asks for a code. Do not
 * tune the rules to this set either. Numbers are words, the way a caller says them.
 */
import type { UrgencyVoicemail } from './urgency-voicemails';

const urgent = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'urgent', script });
const routine = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'routine', script });
const robocall = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'robocall', script });
const scam = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'scam', script });

export const URGENCY_FRESH: readonly UrgencyVoicemail[] = [
  urgent(
    'fr-daycare-head',
    "Hi, this is Maria at Little Sprouts daycare. Ella fell off the climbing frame and hit her head. She's awake, but she threw up and we think she needs to be seen. Please call us as soon as you can.",
  ),
  routine(
    'fr-haircut-today',
    "Hi, this is Ashley at Salon Bella, just confirming your haircut today at three. No need to call back unless you can't make it. See you then!",
  ),
  robocall(
    'fr-solar',
    'Hi, this is Jessica with Sun Power Savings. Homeowners in your area are qualifying for solar panels at no cost to you. Press one now to see if you qualify, or press nine to be removed.',
  ),
  scam(
    'fr-tech-support',
    'This is Microsoft technical support. A virus on your computer is sending your bank details to hackers. Do not turn off your computer. Call us back immediately at eight eight eight, five five five, zero one four two.',
  ),
  urgent(
    'fr-dad-wandering',
    "It's Denise, your dad's neighbor. I found him out in the yard in his slippers and he didn't know where he was. The ambulance is taking him to Mercy General. You should head over there.",
  ),
  routine(
    'fr-dinner-tonight',
    "Hey, it's Sam. Are we still on for dinner tonight? I was thinking around seven at that Thai place on Fourth. Text me whenever, no rush.",
  ),
  urgent(
    'fr-water-heater',
    "Hey, it's Raj from downstairs. There's water pouring through my kitchen ceiling, I think your water heater let go. I can't get into your place. Call me the second you hear this.",
  ),
  routine(
    'fr-grandma-photos',
    "Hi sweetheart, it's Grandma. I was looking at old photos and got a little teary, I miss you so much. Nothing's wrong, I just wanted to hear your voice. Call me when you can.",
  ),
  scam(
    'fr-irs-lawsuit',
    'This is the Internal Revenue Service. A lawsuit was filed in your name for unpaid taxes, and a warrant for your arrest goes out today. To settle this, call eight five five, five five five, zero one nine eight.',
  ),
  urgent(
    'fr-on-call-outage',
    "Hi, it's Priya on the night shift. Checkout has been down for forty minutes and customers can't pay. You're the on call engineer, we need you on the bridge line right away.",
  ),
  routine(
    'fr-friend-breakup',
    "Hey, it's Chris. I'm kind of a mess, Jordan and I broke up last night. I'm okay, honestly, I'd just really like to talk sometime this week. Call me when you get a chance.",
  ),
  robocall(
    'fr-medicare',
    'Attention Medicare members. New benefits are available in your area this year, including dental and vision at no extra cost. Press one to speak with a licensed agent now.',
  ),
  urgent(
    'fr-passport-pickup',
    "This is Gary at the passport agency. Your passport is ready, but we close at four today and your flight is tomorrow morning. If you aren't here before four, you won't have it in time.",
  ),
  routine(
    'fr-delivery-neighbor',
    'Hi, this is Mike, the delivery driver. Nobody was home, so I left your package with your neighbor at number twelve. Nothing else you need to do. Have a good one.',
  ),
  scam(
    'fr-bail-lawyer',
    'Hello, this is attorney Mark Davis. Your nephew was in a car accident and he has been arrested. He needs two thousand dollars for bail today. Please do not discuss this with anyone in the family. Call me back.',
  ),
  urgent(
    'fr-card-fraud',
    'This is the fraud department at Chase. We stopped a charge of nine hundred dollars at an electronics store on your debit card. Please call the number on the back of your card today to confirm whether it was you.',
  ),
  routine(
    'fr-plumber-quote',
    "Hi, this is Dave from Dave's Plumbing, following up on the quote for your kitchen sink. It comes to about three hundred dollars. Let me know if you want to go ahead, whenever suits you.",
  ),
  urgent(
    'fr-dog-chocolate',
    "Hi, it's Jen, your dog sitter. Max got into a bag of chocolate on the counter and ate most of it. The vet says he needs to come in now. Can I take him? Please call me back.",
  ),
  scam(
    'fr-crypto-friend',
    "Hey, it's Amy. I know we only met online, but I've made so much money with this crypto trading app. If you send me five hundred in Bitcoin tonight, I can double it for you by Friday. Love you!",
  ),
  routine(
    'fr-meeting-moved',
    "Hi, it's Karen from work. Just a heads up, the Monday staff meeting moved to ten thirty. Nothing you need to do, I'll send a new invite later.",
  ),
  robocall(
    'fr-student-loan',
    'This is an important message about your student loans. You may qualify for forgiveness under new federal programs. This is your final notice. Press one to speak with a loan specialist.',
  ),
  urgent(
    'fr-car-accident',
    "Hey, it's me. I'm okay, but I got rear ended on the highway and the car won't start. The police are here now. Can you come get me at exit twelve? Please call me back.",
  ),
  routine(
    'fr-vet-shots',
    "Hi, this is Oak Street Animal Hospital. Bella is due for her yearly shots next month. Give us a call whenever it's convenient to set up a time that works for you.",
  ),
  scam(
    'fr-bank-code',
    'This is the security team at your bank. We saw a suspicious login on your account and just sent a six digit code to your phone. Call us back and read us that code so we can lock your account.',
  ),
  urgent(
    'fr-mom-chest',
    "Honey, it's Mom. I've had a pain in my chest and down my left arm since this morning, and it isn't going away. Your father is out with the car. Can you call me back?",
  ),
  routine(
    'fr-car-ready',
    "Hi, this is Tony at Main Street Auto. Your car is all done and ready whenever you are. We're open until six today, but tomorrow morning is fine too.",
  ),
  robocall(
    'fr-cruise-prize',
    'Congratulations! You have been selected for a free two night cruise to the Bahamas. Stay on the line to claim your trip, or press two to decline this offer.',
  ),
  urgent(
    'fr-court-moved',
    "This is Linda from attorney Park's office. The judge moved your hearing to two o'clock this afternoon. You need to be at the courthouse by one thirty, or the case could go ahead without you. Please call me back.",
  ),
  routine(
    'fr-got-the-job',
    "Oh my gosh, you will not believe it, I got the job! I start in two weeks. I'm so excited I can barely talk. Call me back when you're free, we have to celebrate!",
  ),
  routine(
    'fr-book-club',
    "Hi, it's Nora. Book club is at my place this Thursday at seven instead of Linda's. Bring the book if you finished it, and no worries if you didn't.",
  ),
];
