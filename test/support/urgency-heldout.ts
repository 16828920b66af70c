/**
 * A held-out set for the urgency benchmark (issue 25): voicemails written from the description of
 * urgent, routine, robocall and scam calls by someone who had not read the rules (core/urgency/urgency*.ts), their
 * tests or the main set (urgency-voicemails.ts), phrased as real callers and real robocalls say things. `npm
 * run bench -- urgency` reports them in their own table, so the main set's figures (whose scripts were written
 * with the rules) can be read against phrasings nobody tuned the rules for. Do not tune the rules to this set:
 * once they are, it is no longer held out. Numbers are words, the way a caller says them.
 */
import type { UrgencyVoicemail } from './urgency-voicemails';

const urgent = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'urgent', script });
const routine = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'routine', script });
const robocall = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'robocall', script });
const scam = (id: string, script: string): UrgencyVoicemail => ({ id, label: 'scam', script });

export const URGENCY_HELDOUT: readonly UrgencyVoicemail[] = [
  urgent(
    'ho-pharmacy-recall',
    "Hi, this is Karen at the Walgreens pharmacy on Main Street. The blood pressure pills you picked up last week were recalled, so please don't take any more and give us a call back.",
  ),
  routine(
    'ho-dentist-reminder',
    'Hi, this is Bright Smile Dental with a reminder of your cleaning with Doctor Lee next Tuesday at two thirty. If you need to reschedule, just give us a call. Thanks!',
  ),
  robocall(
    'ho-car-warranty',
    "We've been trying to reach you about your car's extended warranty. This is your final courtesy call before we close the file. Press one to speak with a specialist, or two to be removed.",
  ),
  scam(
    'ho-grandson-bail',
    "Grandma, it's me. I'm in trouble, I got arrested and I need money for bail. Please don't tell Mom. The lawyer says you can pay with gift cards from the drugstore. Call me back.",
  ),
  urgent(
    'ho-burst-pipe',
    "Hey, it's Tom, your landlord. A pipe burst in your unit and water is coming through the ceiling downstairs as we speak. I need to get in to shut the valve. Call me back.",
  ),
  routine(
    'ho-weekend-plans',
    "Hey, it's Sam. A few of us are driving up to the lake on Saturday if you want to come along. Let me know by Friday so we can sort out the cars.",
  ),
  urgent(
    'ho-vet-surgery',
    "Hi, this is Doctor Patel at Riverside Animal Hospital. Max is out of surgery, but we found something we need to talk about, and we'll need your decision within the hour. Please call us.",
  ),
  robocall(
    'ho-solar-panels',
    'Hi, this is Jessica with Sunshine Energy Solutions. Homeowners in your area are getting solar panels with no money down through a new state program. Stay on the line to see if you qualify.',
  ),
  routine(
    'ho-package-delivered',
    'Hi, this is your UPS driver. Nobody answered the door, so I left your package with the front desk of your building. Have a good one.',
  ),
  scam(
    'ho-ssn-suspended',
    'This call is from the Social Security Administration. Your social security number has been suspended because of suspicious activity. Call us back at once to avoid legal action against you.',
  ),
  urgent(
    'ho-daycare-fever',
    "Hi, this is Maria from Little Acorns daycare. Sophie has a temperature of one hundred and three and she's pretty miserable. She can't stay here like this, so we need someone to come get her.",
  ),
  routine(
    'ho-contractor-quote',
    "Hi, it's Mike from Hillside Roofing. I put together the quote for your gutters, it comes to about eighteen hundred. No rush at all, just call me when you've had a look.",
  ),
  urgent(
    'ho-server-down',
    "Hey, it's Dave. The main server went down twenty minutes ago and none of the clients can log in. They're calling me nonstop. Call me the second you get this.",
  ),
  robocall(
    'ho-free-vacation',
    "Congratulations! You've been selected for a complimentary three night stay at a resort in Orlando. To claim your vacation, press one. This offer ends at midnight.",
  ),
  routine(
    'ho-store-survey',
    "Hello, this is Target guest services. You shopped with us recently and we'd love to hear how it went. If you have five minutes for a short survey, please call us back. Thank you.",
  ),
  scam(
    'ho-amazon-purchase',
    'This is Amazon. An order for an iPhone for nine hundred ninety nine dollars was placed on your account. If you did not make this purchase, press one to speak to an agent.',
  ),
  urgent(
    'ho-dad-fall',
    "Hi, it's Aunt Linda. Your dad had a fall and the ambulance took him to Saint Mary's. They think he broke his hip. I'm here with him now. Can you call me?",
  ),
  routine(
    'ho-picture-day',
    'Hello families, this is Lincoln Elementary. Just a reminder that school picture day is next Thursday. Order forms went home in backpacks this week. Thanks, and have a great evening.',
  ),
  urgent(
    'ho-bank-fraud-real',
    'This is the Chase fraud department calling for Jennifer. We blocked a charge on your debit card that looks unusual. Please call the number on the back of your card so we can confirm it.',
  ),
  robocall(
    'ho-medical-alert',
    'Hello, this is a courtesy call for seniors. You may be eligible for a medical alert device at no cost to you, paid for by your insurance. Press one to find out more.',
  ),
  routine(
    'ho-call-when-free',
    "Hey, it's me. Nothing important, I just wanted to catch up and hear how the new job is going. Call me when you get a chance.",
  ),
  scam(
    'ho-utility-zelle',
    'This is the electric company. Your account is past due and your power will be shut off within the hour. To avoid disconnection, send the payment by Zelle and call us back at this number.',
  ),
  urgent(
    'ho-flight-cancelled',
    "Hello, this is Delta. Your flight to Denver tonight has been cancelled. We're holding a seat on the first flight tomorrow morning. Please confirm by ten o'clock tonight or the seat will be released.",
  ),
  routine(
    'ho-results-normal',
    "Hi, this is Amy, the nurse at Doctor Brown's office. Your blood work came back and everything looks normal. No need to call back unless you have questions. Take care.",
  ),
  urgent(
    'ho-gas-smell',
    "Hi, it's Greg from four B. There's a strong smell of gas coming from your apartment. The gas company is on the way, but they need someone to let them in. Call me.",
  ),
  routine(
    'ho-car-ready',
    'Hi, this is Pete at Main Street Auto. Your car is all done and ready to pick up whenever. We close at six today, but tomorrow works just as well.',
  ),
  robocall(
    'ho-card-rate',
    "This is Rachel from card member services. There's no problem with your account, but you qualify to lower your interest rate. Press one to speak with a representative.",
  ),
  scam(
    'ho-jury-warrant',
    "This is Officer Daniels with the county sheriff's office. You missed jury duty and a warrant has been issued for your arrest. You can clear it today with a payment. Call me back.",
  ),
  routine(
    'ho-library-hold',
    'Hi, this is the Oak Park Public Library. The book you put on hold is ready for you. We will keep it at the front desk for seven days.',
  ),
];
