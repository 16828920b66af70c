/**
 * What the urgency rules (core/urgency/urgency.ts) look for in a transcript, as patterns over its words written bare
 * and lowercase, one space apart ("hi this is maria the school nurse ..."). Each cue says what it means in a
 * few words, the reason the sender and the operator read. A cue's capturing groups, when it has any, are the
 * words it rests on: only those must have been heard well (core/transcripts/heard-words.ts) for it to count, so a filler
 * word heard with doubt between them does not undo it.
 */
import { type Cue, d, NOT } from './urgency-cue-parts';
import { CLOCK, KIND_CUES } from './urgency-kind-cues';
import { PRETEXT_SPAM_CUES } from './urgency-pretext-cues';
import { SALES_REASONS, SCAM_REASONS } from './urgency-spam-reasons';

export { type Cue, type CueKind, NOT } from './urgency-cue-parts';

/** The tax office, as a scam names it. */
const TAX = `irs|i r s|internal revenue|treasury department|tax department|back taxes|tax (?:fraud|evasion|lawsuit|debt|violation)`;
/** What a scam threatens with. */
const THREAT = `lawsuit|legal action|warrant|arrest|legal proceedings|penalt(?:y|ies)|seize|seized|freeze|frozen|suspend(?:ed)?|enforcement|case (?:against|filed)`;

/** What a menu of the listener's own appointment offers: "press 1 to reschedule", "to confirm your visit". */
const OWN_MENU = String.raw`reschedule|repeat (?:this|the) message|hear (?:this|the) message again|confirm (?:your |this |the )?(?:appointment|visit|reservation|delivery|pickup|pick up)`;

/** Paying, as a scam asks for it ("pay with", "buy", "read me the numbers"). */
const PAY = `(?:pay|payment|paying|paid|pays|purchase|buy|buying|load|send|sending|read me|give me)`;

/** What a shut-off scam asks for: money owed, paid now. */
const OWED = `pay|payment|paid|balance|past due|overdue|unpaid|owe|owed|bill`;
/** A service cut off within hours. */
const CUT_OFF_NOW = String.raw`\b(?:power|electricity|electric|service|gas|water|lights|phone|internet)(?: \S+){0,3}? (?:will|is going to|are going to) be (shut off|disconnected|cut off|turned off)(?: \S+){0,4}? (?:within|in (?:the next )?(?:\S+ )?(?:minutes?|hours?|the hour)|today|immediately|right away)\b`;

export const SPAM_CUES: readonly Cue[] = [
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b${PAY}\b(?: \S+){0,6}? ((?:gift|google play|itunes|apple|steam|ebay|target|walmart|amazon) cards?)\b|\b(gift cards?)(?: \S+){0,4}? (?:numbers?|codes?|pins?)\b`,
    ),
    reason: SCAM_REASONS.giftCard,
  },
  {
    kind: 'scam',
    // Asked to wire money ("wire the money", "pay by wire transfer"), not told of a wire: a bank's "we placed a
    // hold on an outgoing wire transfer" is its fraud desk protecting the listener (issue 32, the sixth set).
    pattern: d(
      String.raw`\b(wire (?:the money|money|the funds|funds|it|(?:me|us|them)\b)|(?:${PAY}|by|via|through|do|make|complete) (?:(?:a|the|your) )?wire transfer|western union|moneygram)\b`,
    ),
    reason: SCAM_REASONS.wire,
  },
  {
    kind: 'scam',
    pattern: d(String.raw`\b(bitcoin|crypto ?currency|crypto|btc atm)\b`),
    reason: SCAM_REASONS.crypto,
  },
  {
    // A bill no company asks to be paid this way: "send the payment by Zelle", "pay through Cash App".
    kind: 'scam',
    pattern: d(String.raw`\b${PAY}\b(?: \S+){0,6}? (zelle|venmo|cash ?app|paypal me)\b`),
    reason: SCAM_REASONS.appPayment,
  },
  {
    // "your power will be shut off within the hour unless you pay the balance": a cut-off within hours for
    // money owed, paid now, as utilities do not. A real notice (a main break, repairs) gives a reason and asks
    // for nothing: it is urgent, not a scam (urgency-kind-cues.ts, issue 32).
    kind: 'scam',
    pattern: d(
      String.raw`\b(?:${OWED})\b(?: \S+){0,25}? ${CUT_OFF_NOW}|${CUT_OFF_NOW}(?: \S+){0,25}? (?:${OWED})\b`,
    ),
    reason: SCAM_REASONS.shutOff,
  },
  {
    // A caller who asks you to confirm a number that is yours to keep: a Medicare, Social Security, card or
    // bank account number, a PIN or a code sent to you (issue 32). No bank, insurer or agency asks for one on a
    // voicemail.
    kind: 'scam',
    pattern: d(
      String.raw`\b(?:verify|confirm|give me|read me|read us|provide|tell me|update|need)\b(?: \S+){0,3}? (?:your|the) ((?:medicare|medicaid|social security|ssn|bank account|routing|credit card|debit card|card|member) (?:number|numbers|id|details|information|info)|pin|pin number|(?:verification|security|one time|one-time) (?:code|pin))\b`,
    ),
    reason: SCAM_REASONS.personalNumber,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b(${TAX})\b(?: \S+){0,30}? (${THREAT})\b|\b(${THREAT})\b(?: \S+){0,30}? (${TAX})\b`,
    ),
    reason: SCAM_REASONS.tax,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b(social security)(?: \S+){0,20}? (suspend(?:ed)?|fraud(?:ulent)?|illegal|legal action|compromised|cancell?ed|blocked|terminated|frozen|misused)\b`,
    ),
    reason: SCAM_REASONS.socialSecurity,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b(warrants? (?:\S+ ){0,3}(?:for|on) your (?:arrest|name)|(?:issued|issue) for your arrest|arrest warrant|you (?:will|could|are going to) be (?:arrested|taken into custody)|under arrest|(?:police|officers?|sheriff|law enforcement)(?: \S+){0,2} (?:will|are going to|to) (?:come|arrest|be sent))\b`,
    ),
    reason: SCAM_REASONS.arrest,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b(you(?:'ve| have)? (?:just )?(?:won(?!')|been selected|been chosen)|you are (?:a|the|our) (?:lucky )?winner|claim your (?:prize|reward|gift|winnings)|free (?:cruise|vacation|trip)|sweepstakes|lottery|(?:phone )?number (?:was|has been) (?:selected|chosen|drawn)|(?:holiday|prize|sweepstakes|lucky|grand prize|vacation) drawing)\b`,
    ),
    reason: SCAM_REASONS.prize,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b((?:computer|pc|device|windows|apple id|icloud)(?: \S+){0,2} (?:has been|is|was|have been) (?:hacked|infected|compromised|locked)|(?:microsoft|windows|apple) (?:support|technical|technician|security))\b`,
    ),
    reason: SCAM_REASONS.techSupport,
  },
  {
    kind: 'scam',
    pattern: d(
      String.raw`\b(amazon|paypal|apple|netflix)(?: \S+){0,12}? (suspicious|unauthori[sz]ed|fraudulent|order|purchase|suspended|locked)\b`,
    ),
    reason: SCAM_REASONS.account,
  },
  {
    kind: 'sales',
    pattern: d(
      String.raw`\b((?:extended|vehicle|vehicle's|car|car's|auto|factory|manufacturer's) warranty|warranty (?:\S+ ){0,2}(?:expire|expired|expiring|about to expire))\b`,
    ),
    reason: SALES_REASONS.warranty,
  },
  {
    kind: 'sales',
    pattern: d(
      String.raw`\b(lower (?:your )?(?:interest )?rates?|credit card (?:debt|interest)|student loans?(?: \S+){0,12}? (?:forgiveness|forgiven|relief)|(?:loan )?forgiveness (?:program|plan)|debt relief|pre ?approved|you (?:may |might |could |now )?qualify (?:for|to)|(?:business|personal) loan|solar (?:panels?|energy|program)|(?:may|might|could|can|will) qualify to be (?:reduced|lowered|forgiven|cancell?ed|eliminated|wiped out)|medicare (?:plan|benefits|advantage)|final expense)\b`,
    ),
    reason: SALES_REASONS.pitch,
  },
  {
    // A pitch's other words (issue 32, the twelfth set), a sign of their own beside the offer's: "homes in your
    // neighborhood have been qualifying for our zero down solar program", "a federal credit that's going away".
    kind: 'sales',
    pattern: d(
      String.raw`\b((?:zero|no money|nothing) down (?:\S+ ){0,2}?(?:solar|program|installation)|(?:have been|been|are) qualifying for (?:our|a|the)|federal (?:tax )?credit (?:\S+ ){0,3}?(?:going away|expires|expiring|ends|ending))\b`,
    ),
    reason: SALES_REASONS.pitch,
  },
  {
    // An unasked offer to "verify" or fix a business's Google listing (issue 32, the twelfth set): a robocall
    // the FTC names among the commonest.
    kind: 'sales',
    pattern: d(
      String.raw`\b(google (?:business )?(?:listing|profile|maps listing)|(?:business|maps) listing(?: \S+){0,4}? (?:unverified|verify|verified|suspended|removed))\b`,
    ),
    reason: SALES_REASONS.listing,
  },
  {
    // An unasked offer to buy the listener's home (issue 32): "a cash offer on your property", "we buy houses".
    // The key words are "cash" and the home: the offer's own word, often heard with doubt, need not be.
    kind: 'sales',
    pattern: d(
      String.raw`\b(cash) (?:offer|offers|bid|price) (?:for|on) your (house|home|property)\b|\b(we buy (?:houses|homes))\b`,
    ),
    reason: SALES_REASONS.homeOffer,
  },
  {
    // A press-1 menu, unless it acknowledges an alert (issue 32): "to acknowledge this alert, press 1" is a
    // monitoring service about the listener's own equipment, not a sales menu; nor is an appointment's "press 1
    // to reschedule", "to confirm your appointment, press 1" or "press 2 to repeat this message" (the sixth set),
    // nor a dentist's "arrive ten minutes early to confirm, press 1" (the tenth set; "to confirm your
    // eligibility, press 1" still is one).
    kind: 'sales',
    pattern: d(
      String.raw`\b(?<!\b(?:acknowledge|${OWN_MENU})(?: \S+){0,3} )(?<!\bto confirm )((?:press|pressing|dial|push|hit) (?:one|1|two|2|three|3|nine|9|zero|0|star|pound)(?!(?: \S+){0,2} (?:acknowledge|${OWN_MENU}))|to be (?:removed|taken off) (?:from )?(?:our|the|this)? ?(?:list|calling list|call list)|(?:press|dial|push|hit) \S+ to be (?:removed|taken off))\b`,
    ),
    reason: SALES_REASONS.pressMenu,
  },
  {
    kind: 'robocall',
    pattern: d(
      String.raw`\b(final notice|last notice|second notice|final attempt|last attempt to (?:reach|contact)|this call is (?:from|regarding|about|to inform)|this is (?:a|an|your) (?:final|important|urgent) (?:message|notice|call)|(?:important|urgent) (?:message|notice) (?:regarding|about|for|from)|limited time offer|special offer|act now|this is not a sales call|do not hang up|don't hang up)\b`,
    ),
    reason: SALES_REASONS.notice,
  },
  {
    // The grandchild-in-trouble scam (issue 32: a scam, no longer mere robocall wording, so a faked accident
    // does not make it urgent): money for bail, and keep it from the family.
    kind: 'scam',
    pattern: d(
      String.raw`\b(don't tell (?:anyone|mom|dad|your (?:parents|mother|father|family))|(?:do not|don't|please don't|please do not) (?:discuss|mention|talk about) this (?:with|to) anyone|bail money|(?:pay|post) (?:(?:his|her|your|the|my) )?bail|(?:money|dollars|cash) for (?:the |my |his |her )?bail)\b`,
    ),
    reason: SCAM_REASONS.secrecy,
  },
  ...PRETEXT_SPAM_CUES,
];

/** What a person takes, eats or gives a child: a recall of it is a warning to act on today. */
const CONSUMED = String.raw`pills?|medicines?|medications?|meds|prescriptions?|tablets?|capsules?|insulin|inhalers?|drops|formula|food|metformin`;

/**
 * What leaks that is not water (issue 32: a brake line "leaking fluid" is no water leak): the reason must be
 * true of what was said.
 */
const NOT_WATER = `(?:fluid|oil|gas|fuel|coolant|antifreeze|brake|brakes|transmission|radiator|tire|tyre|air|battery|acid)`;

/** Things that "die" or "quit" and are no person: "the freezer died", "my car just died". */
const MACHINE = `(?:freezer|fridge|refrigerator|cooler|walk-in|furnace|boiler|heater|battery|phone|car|truck|van|engine|laptop|computer|printer|plants?|tv)`;

/** Children, as a caller about them names them. */
const CHILD = `(?:son|daughter|child|kid|kids|children|boy|girl|baby|toddler|grandson|granddaughter)`;
/** What happens to someone that makes a call pressing. */
const SICK = `(?:sick|fever|threw up|throwing up|vomit(?:ed|ing)?|hurt|injured|fell|bleeding|not feeling well|isn't feeling well|needs to be picked up|need to pick (?:him|her|them) up|to come pick (?:him|her|them) up)`;
/** "is at the hospital", "he's in the ER", "we're on our way to the hospital". */
const BEING = String.raw`(?:is|was|are|were|been|being|taken|rushed|admitted|went|going|way|\w+'s|i'm|we're|they're)`;

export const URGENT_CUES: readonly Cue[] = [
  {
    kind: 'emergency',
    pattern: d(String.raw`\b(school nurse|nurse's office)\b|\b(${CHILD})\b(?: \S+){0,10}? (${SICK})\b`),
    reason: 'a child is sick or hurt',
  },
  {
    kind: 'emergency',
    pattern: d(
      String.raw`\b${BEING} (?:in|at|to|into) (?:the )?(hospital|emergency room|er|urgent care|icu|intensive care)\b|\b(ambulance)\b`,
    ),
    reason: 'someone is in the hospital',
  },
  {
    kind: 'emergency',
    pattern: d(
      String.raw`\b((?:had|was in|were in|been in|got in|into) (?:a|an) (?:\S+ )?(?:accident|crash)|heart attack|stroke|can't breathe|unconscious|collapsed|passed away|(?<!\b${MACHINE}(?: \S+){0,2} )died|broke (?:his|her|my|their) (?:arm|leg|hip|wrist|ankle))\b`,
    ),
    reason: 'someone is hurt or ill',
  },
  {
    kind: 'emergency',
    pattern: d(
      String.raw`${NOT}\b(emergency|911|nine one one)\b(?! contact| (?:room|department) (?:visit|bill|claim|charges?|copay)| (?:visit|fund|kit|savings|exit))`,
    ),
    reason: 'an emergency',
  },
  {
    kind: 'emergency',
    pattern: d(String.raw`\b(police|sheriff|detective|police officer)\b`),
    reason: 'the police are involved',
  },
  {
    kind: 'emergency',
    pattern: d(
      String.raw`\b(water (?:is )?(?:leak|leaking|pouring|coming (?:in|through|down))|(?:a|the) (?:water )?leak(?!(?: \S+){0,4} (?:is|was|has been|got) (?:fixed|repaired|sorted)| (?:in|from|on) (?:the |your )?${NOT_WATER})|(?<!\b${NOT_WATER}(?: \S+){0,4} )leaking(?! ${NOT_WATER})|flooding|(?:burst|broken) pipe|pipe (?:burst|broke))\b`,
    ),
    reason: 'a water leak',
  },
  {
    kind: 'emergency',
    pattern: d(
      String.raw`\b(gas leak|smell(?:s)? (?:of )?gas|on fire|a fire|the fire department|smoke (?:alarm|everywhere|coming)|alarm (?:is )?going off|broken into|break ?in|burglar(?:y|s)?)\b`,
    ),
    reason: 'a fire, gas or break-in',
  },
  {
    kind: 'emergency',
    // "the back door swung shut and locked, and my keys are inside ... can someone come let us in?"
    pattern: d(
      String.raw`\b(locked out|lost (?:my|the|our) keys|can't get (?:in|inside)|come let (?:us|me) in|keys(?: \S+){0,6}? (?:are|is) (?:still )?inside|(?:lock ?box|door|gate|keypad|entry) code(?: \S+){0,3}? (?:isn't|is not|doesn't|does not|won't|will not) (?:working|work|open))\b`,
    ),
    reason: 'someone is locked out',
  },
  {
    // A recall of something the listener takes or eats ("the pills you picked up were recalled"); a car's
    // recall notice "to schedule" a repair is none, nor a recall with "keep taking your medication" after it.
    kind: 'emergency',
    pattern: d(
      String.raw`\b(?:${CONSUMED})\b(?: \S+){0,8}? (recalled|recall)\b|\b(recalled|recall)(?: \S+){0,4}? (?:${CONSUMED})\b|\b(?:don't|do not|stop) (?:take|taking|use|using|eat|eating|give|giving|drink|drinking) (?:any more|anymore|(?:it|them|the|your|this|that|those|these)(?: \S+)? (?:${CONSUMED}|products?))\b`,
    ),
    reason: 'a safety warning about something you have',
  },
  {
    // A fever or temperature said with someone to fetch: "she has a temperature of 103... come get her".
    kind: 'emergency',
    pattern: d(
      String.raw`\b(fever|temperature of|high temperature)\b(?: \S+){0,25}? (?:come (?:get|pick)|pick (?:him|her|them) up|(?:can't|cannot) stay)\b|\bneed (?:someone|somebody|you) to (come (?:get|pick)|pick (?:him|her|them) up)\b`,
    ),
    reason: 'someone needs picking up',
  },
  {
    // A real card alert asks you to call the number you already have (a scam's asks for codes: SPAM_CUES).
    kind: 'emergency',
    pattern: d(
      String.raw`\b(fraud (?:department|alert|team|prevention)|blocked (?:a|the|your|an) (?:charge|transaction|purchase|payment|card)|(?:unusual|suspicious|unauthori[sz]ed) (?:charges?|activity|transactions?|purchases?))\b`,
    ),
    reason: 'a possible fraud on your account',
  },
  {
    // Something the caller depends on stopped now: "the main server went down", "none of the clients can log in".
    kind: 'emergency',
    pattern: d(
      String.raw`\b((?:server|servers|site|website|system|systems|network|internet|email|phones|register|registers) (?:is|are|went|has gone|have gone|just went) (?:down|offline)|(?:nobody|no one|none of (?:the|our) \S+) can (?:log|get|sign) in|power (?:is )?out|power outage)\b`,
    ),
    reason: 'something is down at work',
  },
  {
    // Paramedics called to someone (issue 32): "the paramedics have taken her to Saint Luke's".
    kind: 'emergency',
    pattern: d(String.raw`\b(paramedics?|paramedic's|emts?|e m ts?)\b`),
    reason: 'paramedics were called',
  },
  {
    // A monitor's alarm about the listener's own equipment (issue 32): "the walk-in cooler is reading 52
    // degrees, above your 41 degree limit", "the freezer temperature is below the safe range". It rests on
    // the reading and the limit; the direction between them must be said, if heard with doubt. A reading, not
    // any "alert": "Alert: you are over your credit limit" is about money, not equipment.
    kind: 'emergency',
    pattern: d(
      String.raw`\b(temperature|temp|degrees?|reading|readings)\b(?: \S+){0,6}? (?<!\b(?:well|safely|comfortably|still) )(?:above|below|over|past|exceeds?|exceeded|exceeding|outside) (?:your|the|its|their|our|a|set) (?:\S+ ){0,3}?(limits?|threshold|safe range|set ?point)\b`,
    ),
    reason: 'an alarm on your equipment',
  },
  ...KIND_CUES,
  {
    kind: 'says-urgent',
    pattern: d(String.raw`${NOT}\b(urgent|urgently|it's important|very important)\b`),
    reason: 'the caller says it is urgent',
  },
];

/**
 * Asking to be called back, or for something done; the deadline comes after it (core/urgency/urgency.ts). "Bring
 * the key over" rests on "bring" and "over" (issue 32): what is brought may be heard with doubt.
 */
export const REQUEST = d(
  String.raw`\b(call (?:me|us|him|her)?(?: back)?|callback|get back to (?:me|us)|text (?:me|us)|reach (?:me|us)|ring (?:me|us)|call the (?:school|office|clinic)|come (?:pick|get|home)|pick (?:him|her|them) up|let (?:me|us) know|need (?:you|an answer|to hear from you|to talk|to know)|need your (?:decision|answer|approval|permission|ok|okay)|send (?:me|us) (?:what|the|it|them|your|those|that)|(?:please )?(?:confirm|respond|decide)|phone (?:me|us)|give (?:me|us) a (?:call|ring|shout|buzz)|wants? your (?:answer|decision)|needs? your (?:okay|ok|consent|signature))\b|\b(bring)(?: \S+){1,2}? (over|here|by)\b`,
);

/** A deadline that is today or now: "today", "right away", "as soon as you can", "by the end of the day". */
export const DEADLINE_NOW = d(
  String.raw`\b(today|tonight|this (?:morning|afternoon|evening)|right (?:away|now)|immediately|asap|a s a p|as soon as (?:possible|you can|you (?:get|hear|see) this)|by (?:the )?end of (?:the )?day|within the (?:next )?hour|in the next (?:hour|half hour|few minutes|\S+ minutes)|(?:within|in) (?:the next )?(?:an|one|two|three|a few|a couple of) hours?|the (?:minute|moment|second) you (?:get|hear) this|as (?:fast|quickly) as (?:possible|you can)|(?:by|before) (?:the )?(?:end|close) of (?:the )?business(?: day)?|before (?:we|they|it|the office) closes?(?: today| tonight)?)\b`,
);

/** "before five", "by 5:30", "before noon": a time later today when no other day is named. */
export const DEADLINE_TIME = d(
  String.raw`\b(?:before|by|until)(?: (?:we|they|it|the office) closes?(?: at)?)? ((?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|\d{1,2}(?::\d{2})?(?:am|pm)?)(?: (?:thirty|fifteen|forty five|o'clock))?(?: (?:am|pm|a\.m|p\.m|a m|p m))?)\b(?!-\d| (?:tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|on))`,
);

/**
 * A deadline that is not a request to the listener: "due today", "the deadline is today", "they want it signed by
 * 6 o'clock tonight" (issue 32, the twelfth set).
 */
export const DUE_TODAY = d(
  String.raw`\b((?:due|deadline|expires?|closes?|last day|(?:(?:wants?|wanted|would like)(?: (?:it|them|this|that|everything|the \S+))? (?:\S+ )?(?:signed|paid|done|submitted|returned|filed|sent)|(?:has|have|needs?|must)(?: \S+){0,4}? (?:to )?(?:be )?(?:filed|in|signed|submitted|paid|made|received|done|returned|back|there|sent)))(?: is)?(?: (?:by|before)(?: \S+){1,3}?)? (?:today|tonight|this (?:morning|afternoon|evening)|by (?:the )?end of (?:the )?day|by midnight|(?:with)?in (?:the next )?(?:an|one|two|three|a few|a couple of) hours?))\b`,
);

/** Requests whose condition makes them no demand: "if you have any questions, call us by five". */
export const CONDITIONAL = /\bif you (?:have|need|want|would like|'d like|get a chance|can't make it)\b/;

/** A time as the deadlines write it: "six", "5:30", "5 pm", "noon", "five thirty p m". */
const AT_TIME = String.raw`${CLOCK}(?: (?:thirty|fifteen|forty five|o'clock))?(?: (?:am|pm|a\.m|p\.m|a m|p m))?`;

/**
 * A deadline told by what happens if it is missed, with a time and no day (issue 32): "if it isn't paid by
 * 5pm, your classes will be dropped", "if you aren't here before 4", "if we don't hear from you by noon", "if
 * nobody lets me in by 1.50" (the ninth set's inspector, the time as the engine wrote it). Group 1 is the time.
 * A time with no day is today's; core/urgency/urgency.ts checks that no other day follows in the sentence.
 */
export const MISSED_BY = d(
  String.raw`\bif (?:(?:it|this|that|they|we|you|the \S+|your \S+|\d[\d,.]*(?: dollars)?)(?: \S+)? (?:isn't|is not|aren't|are not|wasn't|hasn't been|haven't been|don't|doesn't|can't|cannot)(?: \S+){0,2}? (?:paid|signed|received|returned|done|submitted|filed|here|there|back|picked up|in|hear from you)|(?:nobody|no one)(?: \S+){1,3}?) (?:by|before) (\d{1,2}\.\d{2}|${AT_TIME})\b(?! (?:tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|on))`,
);

/** Today, as a deadline names it. */
const TODAY_WORD = String.raw`today|tonight|this (?:morning|afternoon|evening)`;
/** What is lost when a deadline passes: a charge, a fee, a place, a service. */
const LOSS = String.raw`charge|charges|charged|charging|fee|fees|penalty|lose|lost|forfeit|dropped|towed|cancell?ed|disconnected|gone|given away|released|sold`;

/**
 * A deadline told by what is lost after it (issue 32): "I need to cancel by six tonight or they charge us the
 * fee", "pay before 5 or the order is released". Group 1 is the time; today's word, when one is said, is read
 * by core/urgency/urgency.ts (`TODAY_AFTER`) and named only when heard well; with none, no other day may
 * follow in the sentence.
 */
export const DEADLINE_OR = d(
  String.raw`\b(?:by|before) (${AT_TIME})(?: (?:${TODAY_WORD}))? (?:or|otherwise)\b(?: else)?(?: \S+){0,4}? (?:${LOSS})\b`,
);

/** Today's word and, before it, the time a deadline's match names ("at 5 p m today"): group 1, group 2. */
export const TODAY_AFTER = new RegExp(
  String.raw`(?:\b(?:at|by|after|before) (${AT_TIME}) )?\b(${TODAY_WORD})\b`,
  'd',
);

/**
 * A loss today (issue 32): "students with a balance get dropped from their classes at five p.m. today", "cars
 * left on the street will be towed after 6 tonight". Group 1 is the loss, group 2 today's word; the time, when
 * one is said and heard well, goes in the reason (core/urgency/urgency.ts). Or today's word first (groups 3 and
 * 4): "if it isn't paid by five today, your classes will be dropped" when the time was doubted.
 */
export const LOST_AT = d(
  String.raw`(?:\b(?:get|gets|will be|'ll be|is going to be|are going to be|would be|be) (dropped|towed|disconnected|suspended|terminated|evicted|charged|forfeited|given away|released|withdrawn|removed)\b(?: \S+){0,9}? (${TODAY_WORD})\b|\b(${TODAY_WORD})\b(?: \S+){0,6}? (?:will be|'ll be|get|gets|is going to be|are going to be) (dropped|towed|disconnected|suspended|terminated|evicted|forfeited)\b|\b(${TODAY_WORD})\b(?: \S+){0,6}? (?:is|are) (dropped from|towed|disconnected|suspended|terminated|evicted)\b)`,
);
