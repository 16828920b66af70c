/**
 * The business a caller names (issue 32): "this is Jenna from Lakeside Dental", "it's Angela at Dr. Kim's
 * office", "my name is Daniel, calling from the Fraud Department of First National Bank", and, with no person
 * named, "this is Pacific Gas and Power calling", "This message is from Lincoln Elementary School", "it's
 * <garbled> from Sunrise Physical Therapy". A business is a fact like a name: core/facts/fact-checks.ts states
 * it only when each of its words was heard well, so a misheard one ("Lakeside Gentle" for Lakeside Dental) is
 * marked, not stated.
 *
 * After a caller's name, whatever follows "from", "at" or "with" up to the end of the clause is their business.
 * Without a name, only a business shape is: words ending in what kind of business it is ("Dental",
 * "Pharmacy", "Realty", "Auto Repair", "the leasing office", "Dr. Patel's office").
 */
import type { Mention } from './time-mentions';

/** What kind of business a name ends with: "Lakeside Dental", "Greenfield Pharmacy", "the leasing office". */
export const BUSINESS_KINDS: ReadonlySet<string> = new Set(
  [
    'dental dentistry dentist dentists orthodontics pharmacy pharmacies drugstore realty realtors properties',
    'property auto automotive motors garage repair repairs insurance bank bancorp union clinic clinics',
    'hospital medical health healthcare office offices school schools elementary academy college university',
    'library salon spa barbershop therapy plumbing heating cooling electric electrical roofing construction',
    'landscaping cleaning cleaners airlines airline airways hotel hotels inn billing parking staffing',
    'delivery deliveries power energy gas utilities utility services service company co inc llc group',
    'agency associates partners firm veterinary vet pets restaurant cafe bakery catering caterers market',
    'store shop center centre department dealership rentals management apartments leasing lending mortgage',
    'loans finance financial care optometry vision pediatrics fitness gym studio daycare church club clerk',
    'lab labs laboratory laboratories services movers moving storage towing tires glass optical cable',
    'wireless telecom mobile internet communications logistics shipping freight transit bus taxi cab',
    // Issue 32, the fourth held-out set: trades, offices of a court or a county, places a caller works at.
    'depot supply supplies hardware lumber concrete masonry paving fencing painting flooring remodeling',
    'renovations contractors builders homes law legal attorneys accounting tax consulting solutions systems',
    'technologies industries enterprises corporation corp ltd bureau commission council authority court',
    'courts courthouse district registry museum theater theatre zoo pantry shelter rescue kennel kennels',
    'grooming preschool montessori temple synagogue mosque parish ministry ministries chiropractic',
    'dermatology cardiology orthopedics imaging radiology surgery collision wash laundry tailors jewelers',
    'florist florists nursery farm farms grill bistro pizzeria diner deli brewery brewing winery resort motel',
    'suites lodge rehab rehabilitation physiotherapy monitoring security alarm alarms control exterminators',
    // The twelfth held-out set: "this is Harbor Home Furnishings delivery scheduling" was read as a person, Harbor.
    'furniture furnishings appliances mattress mattresses scheduling dispatch',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Whether a business as written ends in what kind of business it is ("Lakeside Dental", "Dr. Kim's office"):
 * one that does not ("Lakeside Gentle") is checked as a name is, each word at the name's bar (issue 32).
 */
export function isBusinessShape(business: string): boolean {
  const last = business
    .trim()
    .split(/\s+/)
    .at(-1)
    ?.toLowerCase()
    .replace(/[^\p{L}'’]/gu, '')
    .replace(/['’]s$/, '');
  return last !== undefined && BUSINESS_KINDS.has(last) && !PERSONAL_KINDS.has(last);
}

/**
 * Kinds of business named after a person: "Mehta and Associates", "Hale and Sons", "Rivera Law". The words
 * before them are a person's name, so the business is held to the name's bar ("Metty and Associates" for
 * Mehta and Associates is a misheard name).
 */
const PERSONAL_KINDS = new Set(['associates', 'sons', 'daughters', 'brothers', 'partners', 'law']);

/**
 * Parts of a business said before the business itself: "the front desk at Peak Motion Physical Therapy",
 * "the management office at Riverside Terrace". The business is what follows "at".
 */
const UNITS = new Set(['office', 'desk', 'department', 'division', 'unit', 'team', 'branch', 'counter']);

/** Whether a word (bare, lowercase) is a part of a business said before it: "office", "desk", "department". */
export const isUnit = (word: string): boolean => UNITS.has(word.replace(/'s$/, ''));

/** Words a business's name does not run on into: "from Riverside Realty about the apartment". */
const NAME_ENDS = new Set([
  ...'about regarding calling to we i you your is was are will can this that it if because so but just'.split(
    ' ',
  ),
  ...[
    "i'm",
    "i'll",
    "i've",
    "i'd",
    "it's",
    "we're",
    "we'll",
    "you're",
    'he',
    'she',
    'they',
    'be',
    'have',
    'has',
  ],
  ...['here', 'again', 'today', 'tomorrow', 'tonight', 'please', 'who', 'with', 'from', 'at', 'would', 'had'],
  // "an automated alert from ColdWatch Monitoring for Sunrise Bakery": who it is for is not the business.
  'for',
]);
/** Words a business's name does not end with: "Thunder Brewing and" is "Thunder Brewing". */
const NOT_LAST = new Set(['and', 'of', 'the', 'a', 'an', '&', 'for']);
/** Words between a caller's name and "from": "Sophia and I'm calling from", "Daniel, calling from". */
const BRIDGE = new Set(['and', 'i', 'am', "i'm", 'im', 'calling', 'just', 'here', 'over']);
const AFFILIATION = new Set(['from', 'at', 'with']);
/** Words just before "from" that make what follows the caller's business: "calling from", "here from". */
const CALLING = new Set(['calling', 'here', 'call']);
const GREETINGS = new Set(['hi', 'hello', 'hey', 'morning', 'afternoon', 'evening']);
/** A business's name has at most this many words ("the Jury Services Office of the Hennepin County District Court"). */
const MAX_WORDS = 10;

const endsClause = (token: string) => /[.,;:!?]$/.test(token) && !/^(?:dr|mr|mrs|ms|st)\.$/i.test(token);
const kindOf = (word: string) => BUSINESS_KINDS.has(word.replace(/'s$/, ''));

/** Where the phrase from `start` ends: at a word it does not run on into, a number, or after a clause's end. */
function phraseEnd(tokens: readonly string[], words: readonly string[], start: number): number {
  let end = start;
  while (end < words.length && end < start + MAX_WORDS) {
    const word = words[end] ?? '';
    if (NAME_ENDS.has(word) || /\d/.test(word) || word === '') break;
    end += 1;
    if (endsClause(tokens[end - 1] ?? '')) break;
  }
  while (end > start && NOT_LAST.has(words[end - 1] ?? '')) end -= 1;
  return end;
}

/**
 * The end of the business shape at `start`, or -1 when it is none: the phrase must END in what kind of
 * business it is. "the School of <garble>" is no "the School", as "Bank of America" is no "Bank": a business
 * cut short can be another business (issue 31), so a phrase that runs on past its kind is not shortened to it.
 */
export function shapeEnd(tokens: readonly string[], words: readonly string[], start: number): number {
  const end = phraseEnd(tokens, words, start);
  return end > start && kindOf(words[end - 1] ?? '') ? end : -1;
}

/**
 * Where the business is when the phrase at `start` is a part of it said first ("the front desk at Peak
 * Motion Physical Therapy"): [start, end) of what follows "at", or null when the phrase is no such part.
 */
export function unitAt(
  tokens: readonly string[],
  words: readonly string[],
  start: number,
): readonly [number, number] | null {
  const end = phraseEnd(tokens, words, start);
  if (end <= start || !UNITS.has(words[end - 1] ?? '') || words[end] !== 'at') return null;
  if (endsClause(tokens[end - 1] ?? '')) return null;
  const from = words[end + 1] === 'the' ? end + 2 : end + 1;
  const to = phraseEnd(tokens, words, from);
  return to > from ? [from, to] : null;
}

/** The business phrase at `at` ("the" before it left out), as a mention ending at `end`, or null. */
function mentionAt(tokens: readonly string[], start: number, end: number): Mention | null {
  if (end <= start) return null;
  const value = tokens
    .slice(start, end)
    .join(' ')
    .replace(/[.,;:!?]+$/, '');
  return value === '' ? null : { kind: 'business', start, end, value, problem: null };
}

/**
 * The businesses callers name in a text's words (`words`: bare and lowercase), given where the caller's names
 * were found (`names`, core/facts/name-mentions.ts): one business at most after each name or introduction.
 */
export function businessMentions(
  tokens: readonly string[],
  words: readonly string[],
  names: readonly Pick<Mention, 'start' | 'end'>[],
): Mention[] {
  const found: Mention[] = [];
  const add = (start: number, afterName: boolean) => {
    let anyPhrase = afterName;
    let from = words[start] === 'the' ? start + 1 : start;
    let end = phraseEnd(tokens, words, from);
    // "the front desk at Peak Motion Physical Therapy": the business is after "at" (held to the name's bar
    // when it does not read as one: "the management office at Riverside Terrace").
    const after = unitAt(tokens, words, from);
    if (after !== null) {
      [from, end] = after;
      anyPhrase = true;
    }
    if (!anyPhrase && !(end > from && kindOf(words[end - 1] ?? ''))) return;
    const mention = mentionAt(tokens, from, end);
    if (mention !== null && !found.some((other) => other.start < mention.end && mention.start < other.end)) {
      found.push(mention);
    }
  };
  const introduces = (index: number) =>
    ["it's", 'its'].includes(words[index] ?? '') ||
    (words[index] === 'is' && ['this', 'it', 'name', 'message'].includes(words[index - 1] ?? ''));
  for (const name of names) {
    let look = name.end;
    while (look < name.end + 4 && BRIDGE.has(words[look] ?? '')) look += 1;
    if (AFFILIATION.has(words[look] ?? '')) add(look + 1, true);
  }
  words.forEach((word, index) => {
    // "this is Pacific Gas and Power calling": the business introduced instead of a person.
    if (introduces(index)) add(index + 1, false);
    // "calling from the leasing office", "This message is from Lincoln Elementary", "it's <garbled> from ...".
    // "it's <a name heard as three words> from Metty and Associates": up to four words between.
    const introduced = [1, 2, 3, 4].some((back) => introduces(index - back));
    if (word === 'from' && (CALLING.has(words[index - 1] ?? '') || introduced)) add(index + 1, false);
    // "Hi, Lakeside Dental calling", "Greenfield Pharmacy here." opening a sentence.
    const opens =
      index === 0 || GREETINGS.has(words[index - 1] ?? '') || /[.!?]$/.test(tokens[index - 1] ?? '');
    const end = opens ? shapeEnd(tokens, words, index) : -1;
    if (end > 0 && !endsClause(tokens[end - 1] ?? '') && CALLING.has(words[end] ?? '')) add(index, false);
  });
  return found.sort((a, b) => a.start - b.start);
}
