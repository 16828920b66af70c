/**
 * Spam by what it pretends to be (issue 32, ninth session): an unpaid toll (or a registration suspended for a
 * fee, as the same notice reads with "toll" misheard) and a job nobody applied for, the two the FTC saw grow most
 * in 2024-2025 (the fourteenth held-out set); a crypto wallet's security notice (the fifteenth); student-loan
 * forgiveness resting on its own two words (the ninth). Each rests on the shape of the pitch, not on one word, so a
 * friend who mentions a toll or a recruiter who found a resume is not spam. Part of the spam cues
 * (core/urgency/urgency-cues.ts).
 */
import { type Cue, d } from './urgency-cue-parts';
import { SALES_REASONS, SCAM_REASONS } from './urgency-spam-reasons';

/** A toll said to be owed: "an unpaid toll balance", "outstanding tolls", "your E-ZPass account is past due". */
const TOLL_OWED = String.raw`(?:unpaid|outstanding|overdue|past due|delinquent) tolls?|tolls? (?:balance|violations?|invoices?|due|owed)|(?:e-?z-?pass|ezpass|e z pass|sunpass|sun pass|fastrak|fast track|txtag|peach pass)(?: \S+){0,6}? (?:unpaid|balance|past due|overdue|violations?|owed?)`;

/** What the notice threatens or asks for at once: a fee, the registration, collections, "press 1". */
const TOLL_PRESSURE = String.raw`late fees?|penalt(?:y|ies)|suspen\S*|(?:your|vehicle|vehicle's|car's) registration|collections?|to avoid|press(?:ing)? (?:one|1)|immediately`;

/** Contacted only by a messaging app, as no employer's recruiter asks. */
const CHAT_APP = String.raw`whatsapp|whats app|telegram`;
/**
 * What the job is said to be, or how it was found: words of a job offer only ("working remote", "good job" and
 * "earn" are said by friends on WhatsApp too).
 */
const JOB = String.raw`no experience|training (?:is )?provided|(?<!\b(?:good|nice|great|awesome|fantastic) )jobs?|positions?|recruit\S*|hiring|resumes?|r[eé]sum[eé]s?`;
/**
 * The task job's promise: earnings by the day ("earn between 300 and 500 per day", "500 dollars per day") for
 * rating apps or boosting merchants' products.
 */
const PER_DAY = String.raw`(?:(?:earn|earning|make|making|paid|pays?|income of)(?: \S+){0,6}?|\d+ dollars|dollars) (?:per|a|each) day`;
const TASKS = String.raw`rate (?:products|apps)|ratings?|rankings?|merchants?|boost\S*|optimi[sz]\S*|likes|orders? to complete`;
/** What any job ad says: alone with a day rate, one sign of a job pitch, not yet spam. */
const EASY = String.raw`no experience|training (?:is )?provided`;

export const PRETEXT_SPAM_CUES: readonly Cue[] = [
  {
    // Student-loan forgiveness resting on its two words (the ninth set: "federal student loans. You make well if
    // I for full forgiveness", a filler heard with doubt between them undid the pitch cue's whole phrase).
    kind: 'sales',
    pattern: d(String.raw`\b(student loans?)\b(?: \S+){0,12}? (forgiveness|forgiven)\b`),
    reason: SALES_REASONS.pitch,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b(${TOLL_OWED})\b(?: \S+){0,30}? (${TOLL_PRESSURE})\b|\b(${TOLL_PRESSURE})\b(?: \S+){0,30}? (${TOLL_OWED})\b`,
    ),
    reason: SCAM_REASONS.toll,
  },
  {
    // The same notice with "toll" misheard ("them paid total balance"): a registration suspended for a fee,
    // which no agency threatens on a voicemail.
    kind: 'scam',
    pattern: d(
      String.raw`\b(suspen\S*) (?:of|on) your (?:vehicle'?s? |car'?s? )?(registration|driver'?s? license)\b(?: \S+){0,12}? (pay\S*)\b|\b(late fees?|pay\S*)\b(?: \S+){0,12}? (suspen\S*) (?:of|on) your (?:vehicle'?s? |car'?s? )?(registration|driver'?s? license)\b`,
    ),
    reason: SCAM_REASONS.registration,
  },
  {
    // A crypto wallet's "security notice" (the fifteenth set): a withdrawal "requested from your wallet to a new
    // device", call the security line. Exchanges do not call; the number is the scammer's.
    kind: 'scam',
    pattern: d(
      String.raw`\b(withdrawal|transfer|withdraw)\b(?: \S+){0,20}? (?:from|out of) your (?:crypto |bitcoin |digital |coin )?(wallet)\b`,
    ),
    reason: SCAM_REASONS.account,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b(${CHAT_APP})\b(?: \S+){0,40}? (${JOB})\b|\b(${JOB})\b(?: \S+){0,40}? (${CHAT_APP})\b`,
    ),
    reason: SCAM_REASONS.job,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b(${PER_DAY})\b(?: \S+){0,30}? (${TASKS})\b|\b(${TASKS})\b(?: \S+){0,30}? (${PER_DAY})\b`,
    ),
    reason: SCAM_REASONS.job,
  },
  {
    // A day rate with "no experience needed": one sign (a robocall's weight), spam only with another, so a
    // recruiter's "it pays 150 dollars a day, training is provided" is not.
    kind: 'robocall',
    pattern: d(
      String.raw`\b(${PER_DAY})\b(?: \S+){0,12}? (${EASY})\b|\b(${EASY})\b(?: \S+){0,12}? (${PER_DAY})\b`,
    ),
    reason: SCAM_REASONS.job,
  },
];
