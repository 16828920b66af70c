/**
 * Urgent cues by kind (issue 32, deliverable 5): what people say when something cannot wait, grouped by what
 * it is about, in the ways a person says it rather than in one benchmark voicemail's words: symptoms, a
 * person in distress, a child to fetch or not found, a pet sick or hurt, an official deadline today, money at
 * risk now, a danger at home, someone stranded. They join core/urgency/urgency-cues.ts's URGENT_CUES and are
 * read the same way (only the words in a cue's groups must have been heard well). A scam that fakes one of
 * these still loses to a scam cue heard well (core/urgency/urgency.ts). Tuned on
 * test/support/urgency-voicemails.ts and the dev list (test/support/urgency-dev-voicemails.ts) only.
 */
import { type Cue, d, NOT } from './urgency-cue-parts';

/** The people a caller calls about, besides children (core/urgency/urgency-cues.ts has CHILD). */
const PERSON = `(?:he|she|they|mom|mother|dad|father|grandma|grandpa|husband|wife|partner|brother|sister|aunt|uncle|son|daughter)`;
/** Times today: "today", "this afternoon", "tonight", "end of the day", "end of business". */
const TODAY = `(?:today|tonight|this (?:morning|afternoon|evening)|(?:by |before )?(?:the )?(?:end|close) of (?:the )?(?:business )?(?:day|business))`;
/** A listener's say-so, as a caller asks for it ("we need your O. K. first"). */
const OKAY = String.raw`ok|okay|o k|consent|approval|permission|go ahead|go-ahead|authori[sz]ation`;
/** A clock time as the reading writes it: "two", "2", "2:30", "5pm", "noon". */
export const CLOCK = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|\d{1,2}(?::\d{2})?(?:am|pm)?)`;
/** Pets and farm animals. */
const PET = `(?:dog|dogs|puppy|pup|cat|cats|kitten|pet|pets|horse|mare|rabbit|bunny|bird|parrot)`;

export const KIND_CUES: readonly Cue[] = [
  {
    // Symptoms that send someone to a doctor now, said of anyone.
    kind: 'situation',
    pattern: d(
      String.raw`${NOT}\b(chest pains?|pain in (?:his|her|my|their) chest|trouble breathing|(?:struggling|hard|hardly able) to breathe|short(?:ness)? of breath|fainted|passed out|blacked out|seizures?|overdosed?|allergic reaction|throat (?:is )?(?:swelling|closing)|slurr(?:ed|ing)|numb(?:ness)? in|concussion|hit (?:his|her|their|my) head|poison control|swallowed (?:a|an|some|one|the)|stitches|(?:can't|cannot|couldn't) (?:put (?:any )?weight|stand up|get up|wake (?:him|her|them))|(?:wrist|ankle|arm|leg|knee|hip|face|hand) (?:is |looks )?(?:swollen|broken)|disoriented|wandering (?:around |in |outside |down )|(?:doesn't|does not|didn't) know (?:where (?:he|she|they) (?:is|are)|what day it is|who (?:i am|we are)))\b`,
    ),
    reason: 'someone is hurt or ill',
  },
  {
    // Someone fell or was hurt: "mom slipped in the bathroom and her wrist...", "he fell and can't get up".
    kind: 'situation',
    pattern: d(
      String.raw`\b${PERSON}(?:'s)? (?:\S+ )?(fell|slipped|tripped|collapsed|was hit|got hit|got hurt|was attacked)\b(?! asleep| in love| behind)`,
    ),
    reason: 'someone is hurt or ill',
  },
  {
    // Medicine that runs out or was refused: "your insulin refill was denied", "out of her inhaler", "the
    // insurance turned down the refill on your insulin".
    kind: 'situation',
    pattern: d(
      String.raw`\b(insulin|inhaler|oxygen|medication|medicine|meds|prescription|refill)(?: \S+){0,6}? (denied|rejected|not approved|run out|runs out|ran out|last until|won't last)\b|\b(run out of|ran out of|out of) (?:\S+ )?(insulin|inhaler|oxygen|medication|meds)\b|\b(turned down|turns down|turn down|denied|rejected|refused) (?:\S+ ){0,4}?(insulin|inhaler|oxygen|medication|medicine|meds|prescription|refill)\b`,
    ),
    reason: 'someone may run out of medicine',
  },
  {
    // A person in distress, or a danger to themselves.
    kind: 'situation',
    pattern: d(
      String.raw`\b(ending it all|end (?:it|my life)|kill(?:ing)? myself|hurt(?:ing)? myself|suicid\w*|don't want to (?:live|be alive|be here)|(?:i'm|i am) (?:not (?:okay|ok|safe)|scared for my life)|someone is following me)\b`,
    ),
    reason: 'someone is in distress',
  },
  {
    // Someone to fetch now: "someone needs to come get him", "can you pick her up".
    kind: 'situation',
    pattern: d(
      String.raw`\b((?:someone|somebody|you) (?:needs?|has|have) to (?:come )?(?:get|pick up|collect|fetch) (?:him|her|them)|can (?:you|someone|somebody)(?: \S+){0,3}? (?:pick|come get|come and get|collect|fetch) (?:him|her|them|me))\b`,
    ),
    reason: 'someone needs picking up',
  },
  {
    // Someone not found, or a school or place locked down or evacuated.
    kind: 'situation',
    pattern: d(
      String.raw`\b((?:can't|cannot|couldn't) (?:find|locate) (?:him|her|them|your (?:son|daughter|child|kid))|(?:didn't|did not|never) (?:get on|get off|come off|make it to) (?:the|his|her|their) (?:bus|school|class)|(?:he|she|they|son|daughter|child|kid|dad|mom) (?:is|are|went|has gone|have gone) missing|lock ?down|lockdown|shelter in place|evacuat(?:e|ed|ing|ion))\b`,
    ),
    reason: 'someone is missing or in danger',
  },
  {
    // A pet sick or hurt, or a vet who needs the owner now.
    kind: 'situation',
    pattern: d(
      String.raw`\b(${PET})\b(?: \S+){0,8}? (ate|eaten|swallowed|got into|poison(?:ed|ous)?|was hit|got hit|clipped|hit by|vomit(?:ed|ing)?|throwing up|limping|bleeding|seizures?|collapsed|(?:isn't|not|stopped) (?:breathing|eating)|hurt|injured|attacked|bitten)\b|\b(vet|veterinarian|animal (?:hospital|clinic)|emergency vet)\b(?: \S+){0,25}? (start treatment|start (?:him|her|them) on (?:\S+ )?(?:fluids|an iv|iv|antibiotics|oxygen|insulin|treatment|medication|a drip)|admit (?:him|her|them)|(?:needs?|emergency) surgery|surgery (?:today|tonight|this (?:morning|afternoon|evening)|right away|now)|bring (?:him|her|them) in|(?:struggling|failing|critical))\b`,
    ),
    reason: 'a pet is sick or hurt',
  },
  {
    // An official deadline today: a court, a filing, a license, a passport, a visa, an eviction.
    kind: 'situation',
    pattern: d(
      String.raw`\b(court|hearing|judge|clerk|eviction|evicted|passport|visa|consulate|embassy|license|licence|registration|permit|immigration|filed|filing|attorney|lawyer)\b(?: \S+){0,12}? (?:has to|have to|must|needs? to|unless|deadline|due|expires?|suspended|moved (?:up )?to|or (?:the|you|we|they|it))\b(?: \S+){0,12}? (${TODAY}|by midnight|before (?:we|they|it|the office) closes?)\b`,
    ),
    reason: 'an official deadline today',
  },
  {
    // Money at risk now: a card lost or used, a payment that bounced, a hold, a deposit or a deal to lose, a
    // closing's wire about to go to a fraudster ("fake wiring instructions... don't send a wire until we talk").
    kind: 'situation',
    pattern: d(
      String.raw`\b((?:someone|somebody) (?:tried|is trying|has been trying|was trying) to (?:move|take|withdraw|use|transfer|charge|open)|(?:put|placed) (?:a|the) (?:hold|freeze) on|if (?:that|this|it) (?:wasn't|was not|weren't) you|insufficient funds|(?:not|non) sufficient funds|(?:frozen|froze|blocked|locked) (?:the|your) (?:card|account)|(?:stolen|lost|missing)(?: \S+){0,8}? (?:credit|debit|bank) cards?|cancel (?:the|your|that) (?:credit |debit |bank )?cards?|(?:payment|check|cheque|rent|deposit) (?:has )?(?:bounced|came back|was returned|was declined|failed)|(?:lose|forfeit|lost) (?:the|your) (?:deposit|rate lock|reservation|spot|place|booking|apartment|house|offer|closing)|overdrawn|overdraft|fake wir(?:e|ing) instructions|(?:don't|do not) (?:send|wire) (?:a |the |any )?(?:wire|money|funds)(?: \S+){0,3}? until)\b`,
    ),
    reason: 'money is at risk',
  },
  {
    // A danger at home: water coming in, gas or carbon monoxide, sparks, a fire risk, a tree down, a break-in.
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:(?:water|rain)(?: \S+){0,2}? (?:dripping|leaking|pouring|gushing|coming) (?:through|from|into|down|in)|ceiling (?:is )?(?:leaking|dripping|caving|sagging|collapsed)|carbon monoxide|(?:smoke|fire|co|gas) (?:detectors?|alarms?) (?:\S+ )?(?:beeping|going off|sounding|keeps)|(?:sparks|sparking)|(?:power|electric) lines? (?:down|across|on|sparking)|(?:downed|fallen|live) (?:power )?(?:lines?|wires?)|left (?:the )?(?:stove|oven|iron|burner|heater|gas)(?: \S+)? on|(?:tree|branch)(?: \S+){0,3} (?:fell|came down|crashed|landed)|burning smell|smell(?:s|ing)? (?:of )?(?:burning|smoke)|(?:smashed|broken|shattered) (?:the |your )?(?:front |back )?(?:window|door|glass)|(?:door|gate) (?:is |was )?wide open|(alarm|sensor|sensors|motion detector)(?: \S+){0,4}? ((?:was|were|has been|have been|got) (?:triggered|tripped|set off))|(?:have|has) been dispatched|(smell|smelled|smelt|odor|odour)(?: \S+){0,3}? ((?:by|at|near|around) (?:your|the) (?:gas )?meter))\b`,
    ),
    reason: 'a danger at home',
  },
  {
    // Someone waiting for you with a cut-off (issue 32, third held-out set): an inspector, a courier, a
    // technician at the door who can wait until a time today, or until a time "then I have to" go, cancel,
    // fail the inspection (what they must do rests on no key word: it is often the misheard one).
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:i|we)(?:'ll| will| can| could)? (?:only )?(wait)(?: here| around)? (?:till|until)(?: about| around)? (?:${CLOCK})(?: \S+)? (${TODAY})\b|\b(?:i|we)(?:'ll| will| can| could)? (?:only )?(wait)(?: here| around)? (?:till|until|for (?:another |about |around )?(?:\S+ ){0,2}(?:minutes?|hours?))\b(?: \S+){0,6}? (?:then|after that|otherwise|or else)(?: \S+){0,2}? (?:i|we)(?:'ll| will)? (have to|need to|'ve got to|got to) \S+`,
    ),
    reason: 'someone is waiting for you',
  },
  {
    // A child nobody has come for: "nobody's come to pick her up and we close at six".
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:nobody|no one|no-one)(?:'s| has| have)? (?:come|came|shown up|showed up|arrived)(?: yet)? (?:to|for) (pick|get|collect|fetch)\b|\b(?:he|she|they|your (?:son|daughter|child|kids?))(?: still)? (?:hasn't|has not|haven't|have not|wasn't|was not|weren't) (?:been )?(picked up|collected)\b`,
    ),
    reason: 'someone needs picking up',
  },
  {
    // A monitoring alarm or an alert about equipment: a freezer warming, a temperature rising, an alert set off.
    kind: 'situation',
    pattern: d(
      String.raw`${NOT}\b(degrees and (?:still )?(?:rising|climbing)|temperature (?:is )?(?:still )?(?:rising|climbing)|(?:alarm|alert) (?:began|started|went off|was triggered|has been triggered))\b`,
    ),
    reason: 'an alarm or alert went off',
  },
  {
    // An automated alert that cold storage has read a temperature (issue 32, sixth set): "automated alert ...
    // walk-in cooler number 2 has reported 51 degrees for 45 minutes". Its own cue: as another alternative of
    // the one above it would be found first and hide "46 degrees and rising" when "freezer" was misheard.
    kind: 'situation',
    pattern: d(
      String.raw`\b(alert|alarm)\b(?: \S+){0,20}? (cooler|freezer|fridge|refrigerator|walk-in|walk in)\b(?: \S+){0,10}? (degrees)\b`,
    ),
    reason: 'an alarm or alert went off',
  },
  {
    // Cold storage or heating that stopped (issue 32): "the walk-in cooler quit overnight", "the freezer died",
    // "the furnace went out". Food spoils and pipes freeze within hours.
    kind: 'situation',
    pattern: d(
      String.raw`${NOT}\b(freezers?|fridges?|refrigerators?|coolers?|walk-in|walk in|furnace|boiler|heating|heat)\b(?: \S+){0,4}? (?:has |have |just )?(quit|quits|died|is dead|broke down|stopped working|stopped cooling|stopped running|(?:isn't|is not|not|aren't|are not) (?:cooling|working|running)|went out|went down|failed|failing|warming up)\b`,
    ),
    reason: 'cooling or heating has failed',
  },
  {
    // A vehicle not safe to drive (issue 32): a mechanic's "the brake line is rusted through, I wouldn't drive
    // it", "the steering is failing", "it's not safe to drive".
    kind: 'situation',
    pattern: d(
      String.raw`${NOT}\b(brakes?|brake (?:line|lines|hose|pads?|fluid)|steering|axle|tie rod|ball joint)\b(?: \S+){0,4}? (rusted|rusting through|failing|failed|gone out|shot|leaking|cracked|snapped|about to (?:fail|go|break|snap))\b|\b((?:i |we )?(?:wouldn't|would not|shouldn't|should not|don't|do not) drive (?:it|this|that|the car|the truck|the van|your car)|(?:isn't|is not|not) safe to drive|unsafe to drive)\b`,
    ),
    reason: 'a vehicle may be unsafe to drive',
  },
  {
    // A service cut off today, told with its reason (issue 32): "water service to your address will be shut
    // off today from 1 pm for a main break". A cut-off for money owed, paid now, is a scam (urgency-cues.ts).
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:water|power|electricity|electric|gas|heat|service|internet|phone)\b(?: \S+){0,4}? (?:will|is going to|are going to|'ll) be (shut off|turned off|cut off|disconnected|interrupted|off|out)\b(?: \S+){0,3}? (${TODAY}|within the (?:next )?hour|right now|immediately)\b`,
    ),
    reason: 'a service will be cut off today',
  },
  {
    // A medicine to take or stop at a time today, as a doctor's office says it (issue 32, the fourteenth set): "Dr.
    // Lindqvist wants you to do your trigger shot tonight at 9:30", "don't take tonight's dose", "stop taking it
    // as of today". Not a refill or a reminder to pick one up.
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:doctor|dr|nurse|pharmacist)\b(?: \S+){0,2}? (?:wants|would like|needs|asked) you to (take|do|start|stop|skip|hold|give)\b(?: \S+){0,4}? (tonight|today|this (?:evening|afternoon|morning)|right away|immediately)\b|\b(take|do|give) your (?:\S+ )?(shot|dose|injection|medication|medicine|pills?|insulin) (tonight|today|this evening) at\b|\b(?:don't|do not) (take) (tonight's|today's|this evening's|your next) (dose|pills?|medication|medicine|shot|injection)\b|\b(stop) taking(?: \S+){1,3}? (?:as of|starting|beginning) (today|tonight|now)\b`,
    ),
    reason: 'a medicine to take or stop today',
  },
  {
    // A mistake with a medicine already handed over: the wrong strength or dose, "50 mg instead of 25".
    kind: 'situation',
    pattern: d(
      String.raw`\b((?:wrong|incorrect) (?:strength|dose|dosage|medication|medicine|pills?|prescription|tablets?)|(?:milligrams?|mg|micrograms?|mcg|units?) instead of)\b`,
    ),
    reason: 'a mistake with a medicine',
  },
  {
    // A card charge the bank finds unusual, said loosely: "a charge of $940 on your debit card this morning
    // that looks unusual", "if you did not make this purchase".
    kind: 'situation',
    pattern: d(
      String.raw`${NOT}\b(?:charges?|purchases?|transactions?|withdrawals?)\b(?: \S+){0,12}? (unusual|suspicious|unauthori[sz]ed|fraudulent)\b|\bif you (?:did not|didn't|do not|don't) (?:make|authori[sz]e|recogni[sz]e) (?:this|that|the|these) (purchases?|charges?|transactions?)\b`,
    ),
    reason: 'a possible fraud on your account',
  },
  {
    // Something to collect or do today before a trip tomorrow: "since you travel tomorrow, please come this
    // afternoon", "your flight is tomorrow morning; if you aren't here before 4".
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:you(?:'re| are)? (?:travel|traveling|travelling|fly|flying|leave|leaving)|your (?:flight|trip|train|cruise|travel) (?:is|leaves))(?: \S+){0,2}? (tomorrow)\b(?: \S+){0,15}? (today|tonight|this (?:morning|afternoon|evening)|before (?:${CLOCK}))\b`,
    ),
    reason: 'needed before you travel tomorrow',
  },
  {
    // Work that waits on the listener today, or slips (issue 32, seventh set): "if I get your okay we'll knock it
    // out today, otherwise it pushes us back a week", "we can start this afternoon or it sets the job back".
    kind: 'situation',
    pattern: d(
      String.raw`\b(${TODAY})\b(?: \S+){0,2}? (otherwise|or else|or)\b(?: \S+){0,3}? (pushes|push|pushed|sets|set|puts|put) (?:\S+ ){0,2}(back)\b`,
    ),
    reason: 'a decision is needed today',
  },
  {
    // Something to be done today that waits on the listener's okay (issue 32, the twelfth set): "we'd like to
    // do surgery this afternoon ... and we need your O. K. first". A surgery today rests on its own words: the
    // okay's were heard with doubt.
    kind: 'situation',
    pattern: d(
      String.raw`\b(${TODAY})\b(?: \S+){0,25}? (?:need|needs) your (${OKAY})\b|\b(?:need|needs) your (${OKAY})\b(?: \S+){0,12}? (${TODAY})\b|\b(surgery|operate|operation|procedure)(?: \S+){0,3}? (${TODAY})\b(?: \S+){0,25}? (?:need|needs) your\b`,
    ),
    reason: 'a decision is needed today',
  },
  {
    // Water not safe to drink (issue 32, the fifteenth set): a health department's "your water sample came back
    // positive ... please don't drink the water or cook with it", a boil-water notice.
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:don't|do not|shouldn't|should not|stop) (drink|drinking|cook with|cooking with) (?:the |your |any )?((?:tap |well )?water)\b|\b(boil (?:water|your water)|boil-water) (notice|advisory|order)\b`,
    ),
    reason: 'your water is not safe to drink',
  },
  {
    // Nobody has seen or reached someone (issue 32, seventh set): "I haven't seen your mother since Sunday and
    // she isn't answering the door", "no one has heard from him in two days". Not "I haven't heard from you".
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:haven't|have not|hasn't|has not|nobody has|no one has|nobody's|no one's) (seen|heard from) (?:${PERSON}|him|her|them|your \S+)(?: \S+){0,2}? (since|in (?:a few|two|three|several|\S+) days|for (?:a few|two|three|several|\S+) days|all (?:day|week))\b|\b(?:isn't|is not|wasn't|not|won't|doesn't|didn't|hasn't been) (answering|answer|come to|coming to) (?:the|her|his|their) door\b|\b(?:isn't|is not|wasn't|not|won't|doesn't|didn't) (answering|answer) when (?:i|we) (knock|knocked|ring|rang)\b`,
    ),
    reason: 'no one can reach someone',
  },
  {
    // Someone not themselves, or to be seen by a doctor now (issue 32, seventh set): "he's not quite himself",
    // "have her looked at", "the doctor would like to see him again today" (a pet or a patient, not "you" for coffee).
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:isn't|is not|wasn't|was not|not|doesn't seem|does not seem)(?: quite| really| acting like)? (himself|herself|themselves)\b|\b(have|get) (?:him|her|them) (looked at|checked out|seen by a doctor)\b|\b(?:like|want|wants|need|needs) to (see) (?:him|her|them)(?: again| back)? (today|this (?:afternoon|evening|morning)|tonight)\b|\b(?:doctor|dr|vet|nurse)(?: \S+)? (?:wants|would like|needs) to (see) you (today|this (?:afternoon|evening|morning)|tonight)\b`,
    ),
    reason: 'someone should be seen by a doctor',
  },
  {
    // A lost pet found (issue 32, seventh set): "I found your dog, your number's on his tag", "we found a cat
    // with this number on her collar". The finder rarely can keep it long.
    kind: 'situation',
    pattern: d(
      String.raw`\b(found|caught|picked up) (?:a|your|this)(?: \S+){0,2}? (${PET})\b|\b(this number|your number)(?: \S+){0,1}? on (?:his|her|its|the|their) (tag|collar)\b`,
    ),
    reason: 'someone found your pet',
  },
  {
    // Someone stranded: a cancelled flight, a car broken down, a missed connection.
    kind: 'situation',
    pattern: d(
      String.raw`\b(?:(flight|train|bus|ferry|plane)(?: \S+){0,12}? (cancell?ed|broke down|broken down)|(?:stuck|stranded) (?:at|in|on|outside)(?! traffic| a meeting| the office)|miss(?:ed)? (?:my|our|the|his|her) (?:flight|connection|train|bus|ferry|plane)|(?:car|truck|van)(?: \S+){0,3}? (?:broke down|died|won't start|stalled|quit)|broke down (?:on|outside|near|in)|flat tire|(?:need|get|find|call) (?:me )?a tow|(?:on|by) the (?:shoulder|side of the road))\b`,
    ),
    reason: 'someone is stranded',
  },
];
