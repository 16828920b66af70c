/**
 * What a text states, read the way a person reads it: phone numbers, dollar amounts, digit groups, days,
 * dates and clock times, the caller's name, and marks of doubt ("Number unclear, listen at 0:42",
 * "[unclear]"). The facts benchmark (bench/facts.ts) reads the reply's first text with these and compares
 * them with the voicemail's truth (bench/fact-score.ts). Numbers are read in digits or in words ("eight
 * hundred, five five five", "four hundred twelve dollars"), since an engine may write either.
 */

const UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Readonly<Record<string, number>> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const HOUR_WORDS = Object.keys({ ...UNITS, ...TEENS }).filter((w) => w !== 'zero' && w !== 'oh');

/** Spoken digit runs as digits: "eight hundred, five five five, oh one four two" -> "800-555-0142". */
export function digitsFromWords(text: string): string {
  const unit = `(?:${Object.keys(UNITS).join('|')})`;
  const group = `${unit}(?:[ -]${unit})*(?: hundred)?`;
  const run = new RegExp(`\\b${group}(?:,? ${group})+\\b`, 'gi');
  return text.replace(run, (match) => {
    const groups = match.split(/,\s*/).map((part) =>
      part
        .toLowerCase()
        .split(/[ -]+/)
        .map((word) => (word === 'hundred' ? '00' : String(UNITS[word])))
        .join(''),
    );
    const digits = groups.join('');
    // Fewer than three digits ("one or two") is no digit run.
    return digits.length >= 3 ? groups.join('-') : match;
  });
}

/** "four hundred twelve" -> 412; null when the words are not a number. */
export function numberFromWords(words: string): number | null {
  let total = 0;
  let current = 0;
  let any = false;
  for (const word of words
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)) {
    if (word === 'and') continue;
    if (word in UNITS) current += UNITS[word]!;
    else if (word in TEENS) current += TEENS[word]!;
    else if (word in TENS) current += TENS[word]!;
    else if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
    any = true;
  }
  return any ? total + current : null;
}

const NUMBER_WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TEENS), ...Object.keys(TENS), 'hundred', 'thousand'].join('|')})`;

/** Dollar amounts: "$412", "$1,250.00", "412 dollars", "four hundred twelve dollars". */
export function moneyIn(text: string): number[] {
  const values: number[] = [];
  for (const match of text.matchAll(/\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?/g)) {
    values.push(Number(match[1]!.replace(/,/g, '')));
  }
  for (const match of text.matchAll(/(?<![$\d,.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?\s+dollars?\b/gi)) {
    values.push(Number(match[1]!.replace(/,/g, '')));
  }
  // "Your payment of 400,000": a number where an amount is named is an amount, with or without "$".
  const named =
    /\b(?:payment|charge|balance|total|refund(?:ed)?|cost|costs|price|fee|ticket) (?:of |for |is |comes to |was )?(\d{1,3}(?:,\d{3})+|\d+)(?![\d,]|\s*dollars?\b)/gi;
  for (const match of text.matchAll(named)) values.push(Number(match[1]!.replace(/,/g, '')));
  const spoken = new RegExp(
    `\\b(${NUMBER_WORD}(?:[\\s-]+(?:and[\\s-]+)?${NUMBER_WORD})*)\\s+dollars?\\b`,
    'gi',
  );
  for (const match of text.matchAll(spoken)) {
    const value = numberFromWords(match[1]!);
    if (value !== null) values.push(value);
  }
  return values;
}

/** Numbers written without a unit ("1,250", "60"), not part of a phone number, a clock time or a decimal. */
export function bareNumbersIn(text: string): number[] {
  return [...text.matchAll(/(?<![\d$,.:-])(\d{1,3}(?:,\d{3})+|\d+)(?![\d,:-]|\.\d)/g)].map((m) =>
    Number(m[1]!.replace(/,/g, '')),
  );
}

/** A run of digit groups a person would read as one number, with where it is. */
export type DigitRun = {
  readonly digits: string;
  readonly groups: readonly string[];
  readonly index: number;
};

/**
 * Digit groups joined into the numbers they make: "(206) 555-0142", "206-555-0142", "555 873 0421" (a space
 * joins groups of three or more), "555-888-888-888 873-0421" (a decoder loop is one long run). A group
 * after "$", before ",ddd", or in a clock time ("9:30") is no part of a run.
 */
export function digitRuns(text: string): DigitRun[] {
  const groups = [...text.matchAll(/\d+/g)].map((m) => ({ text: m[0], index: m.index }));
  const runs: DigitRun[] = [];
  let current: { text: string; index: number }[] = [];
  const flush = () => {
    if (current.length > 0) {
      runs.push({
        digits: current.map((g) => g.text).join(''),
        groups: current.map((g) => g.text),
        index: current[0]!.index,
      });
    }
    current = [];
  };
  for (const group of groups) {
    const before = text.slice(Math.max(0, group.index - 2), group.index);
    const after = text.slice(group.index + group.text.length, group.index + group.text.length + 2);
    // "$412", "4:30", "400,000": money, clock and thousands are no part of a number to dial.
    const apart = /\$\s?$|[:,]$/.test(before) || /^[:,]\d/.test(after);
    const previous = current.at(-1);
    if (previous) {
      const gap = text.slice(previous.index + previous.text.length, group.index).replace(/[()]/g, '');
      const long = previous.text.length >= 3 && group.text.length >= 3;
      const joins = ['', '-', '.'].includes(gap) || ([' ', ', ', ' - '].includes(gap) && long);
      if (!joins) flush();
    }
    if (apart) {
      flush();
      continue;
    }
    current.push(group);
  }
  flush();
  return runs;
}

/** Numbers of seven digits or more: what a person would dial. */
export const phoneNumbersIn = (text: string): string[] =>
  digitRuns(text)
    .filter((run) => run.digits.length >= 7)
    .map((run) => run.digits);

/** A clock time stated: the hour (1-12) and the minutes when given (0 counts as none). */
export type ClockTime = { readonly hour: number; readonly minute: number | null };

/** What a text says about when: weekdays, dates of the month, clock times, today/tonight/tomorrow. */
export type TimesStated = {
  readonly days: readonly string[];
  readonly dates: readonly number[];
  readonly clock: readonly ClockTime[];
  readonly relative: readonly string[];
};

const HOUR = `(\\d{1,2}|${HOUR_WORDS.join('|')})`;
const MINUTE = `(?::(\\d{2})|[ -](fifteen|thirty|forty[ -]five|(?:o[ -])?(?:five|ten)))?`;
const MERIDIEM = `(?:a\\.?\\s?m\\b\\.?|p\\.?\\s?m\\b\\.?|o'?\\s?clock\\b)`;
const AFTER_PREPOSITION = `\\b(?:at|before|after|by|until|till|around|from|between)\\s+`;

function hourValue(word: string): number | null {
  const value = /^\d+$/.test(word) ? Number(word) : (UNITS[word.toLowerCase()] ?? TEENS[word.toLowerCase()]);
  if (value === undefined || value < 0 || value > 24) return null;
  return value === 0 ? 12 : ((value - 1) % 12) + 1;
}

function minuteValue(digits: string | undefined, words: string | undefined): number | null {
  if (digits !== undefined) return Number(digits) === 0 ? null : Number(digits);
  if (words === undefined) return null;
  const value = numberFromWords(words.replace(/^o[ -]/i, ''));
  return value === 0 ? null : value;
}

/**
 * "quarter to six", "half past 7:00", "a quarter after nine" as a reader takes them: 5:45, 7:30, 9:15 (issue 32,
 * the eleventh set: "Tuesday at quarter to 9:00" read as 9).
 */
function readQuarters(lower: string): string {
  return lower.replace(
    new RegExp(`\\b(?:a\\s+)?(quarter|half)\\s+(to|till|of|past|after)\\s+${HOUR}(?::00)?\\b`, 'g'),
    (said, part: string, link: string, hourWord: string) => {
      const hour = hourValue(hourWord);
      const before = link === 'to' || link === 'till' || link === 'of';
      if (hour === null || (part === 'half' && before)) return said;
      const minutes = part === 'half' ? 30 : before ? 45 : 15;
      return `${before ? (hour === 1 ? 12 : hour - 1) : hour}:${minutes}`;
    },
  );
}

/** Days, dates and times stated in `text` ("Friday at 9", "before five today", "the 23rd", "noon"). */
export function timesIn(text: string): TimesStated {
  const lower = readQuarters(text.toLowerCase());
  const days = WEEKDAYS.filter((day) => new RegExp(`\\b${day}s?\\b`).test(lower));
  const relative = ['today', 'tonight', 'tomorrow'].filter((word) => new RegExp(`\\b${word}\\b`).test(lower));
  const dates: number[] = [];
  for (const match of lower.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)\b/g)) dates.push(Number(match[1]));
  const ordinal = new RegExp(`\\b(?:(twenty|thirty)[ -])?(${Object.keys(ORDINALS).join('|')})\\b`, 'g');
  for (const match of lower.matchAll(ordinal)) {
    // "second" alone is too often not a date ("a second"): only after "the".
    if (!match[1] && !/\bthe\s+$/.test(lower.slice(0, match.index))) continue;
    dates.push((match[1] ? TENS[match[1]]! : 0) + ORDINALS[match[2]!]!);
  }
  const clock: ClockTime[] = [];
  const add = (hour: string, digits: string | undefined, words: string | undefined) => {
    const value = hourValue(hour);
    if (value !== null) clock.push({ hour: value, minute: minuteValue(digits, words) });
  };
  for (const match of lower.matchAll(new RegExp(`\\b${HOUR}${MINUTE}\\s*${MERIDIEM}`, 'g'))) {
    add(match[1]!, match[2], match[3]);
  }
  // "at two zero to five hundred" is a number said badly, not a time.
  const notAfter = `(?!\\d|[-.,]\\d|\\s*(?:dollars?|minutes?|hours?|days?|weeks?|percent|%|people|of\\b)|\\s+(?:${[...Object.keys(UNITS), 'hundred', 'thousand'].join('|')})\\b)`;
  for (const match of lower.matchAll(new RegExp(`${AFTER_PREPOSITION}${HOUR}${MINUTE}\\b${notAfter}`, 'g'))) {
    add(match[1]!, match[2], match[3]);
  }
  // A clock time alone ("My direct line is 5:12, 5:55"): a reader takes it for a time.
  for (const match of lower.matchAll(/(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])/g))
    add(match[1]!, match[2], undefined);
  // The end of a range: "between one and three", "from 8 am to 12".
  const range = new RegExp(
    `\\b(?:from|between)\\s+${HOUR}${MINUTE}\\s*(?:${MERIDIEM})?\\s+(?:to|and|until|till)\\s+${HOUR}${MINUTE}\\b${notAfter}`,
    'g',
  );
  for (const match of lower.matchAll(range)) add(match[4]!, match[5], match[6]);
  if (/\b(noon|midday|midnight)\b/.test(lower)) clock.push({ hour: 12, minute: null });
  return { days, dates, clock, relative };
}

/** Words that start a text or follow "this is" but are no one's name. */
const NOT_NAMES = new Set(
  [
    'a',
    'an',
    'the',
    'your',
    'my',
    'our',
    'me',
    'from',
    'hi',
    'hello',
    'hey',
    'please',
    'thanks',
    'thank',
    'this',
    'it',
    'we',
    'i',
    // "I'm at the Larkin Street job" opens a text with the caller speaking, not a name.
    "i'm",
    'call',
    'good',
    'yes',
    'no',
    'just',
    'so',
    'okay',
    'sorry',
    'caller',
    'name',
    'number',
    'unknown',
    'someone',
    'voice',
    'summary',
    'transcript',
    'about',
    'as',
    'regarding',
    'calling',
    'reminder',
    'message',
    'appointment',
    'update',
    'notice',
    'important',
    'urgent',
    're',
    // The heading of a text about likely spam ("Likely a recorded sales call: ..."), and a title alone
    // ("this is Dr. [unclear name]"): no one's name.
    'likely',
    'dr',
    'doctor',
    'mr',
    'mrs',
    'ms',
    // "it's early, like six in the morning", "it's not", "it's today": what follows "it's" in a caller's
    // words, capitalized by a summary's restored capitals ("it's Early Like six"), names no one.
    'early',
    'late',
    'not',
    'all',
    'here',
    'there',
    'today',
    'tonight',
    'tomorrow',
    'noon',
    ...WEEKDAYS,
  ].map((w) => w.toLowerCase()),
);

const NAME = String.raw`(?:(?:Dr\.?|Doctor|Mr\.?|Mrs\.?|Ms\.?)\s+)?(\p{Lu}[\p{L}'’-]*)`;

/**
 * The names a text gives the caller: the one it opens with ("Jenna from Lakeside Dental: ...", "Maria, the
 * school nurse: ...", "Tom: ..."), and any introduced in it ("this is Jenna", "it's Dad", "my name is
 * Daniel", "Chloe here").
 */
export function callerNamesIn(body: string): string[] {
  const names: string[] = [];
  const opening = new RegExp(
    String.raw`^${NAME}(?:\s\p{Lu}[\p{L}'’-]*)?(?=\s*:|,\s(?:the|your|from)\b|\s(?:from|at|with|of)\s)`,
    'u',
  ).exec(body.trim());
  if (opening) names.push(opening[1]!);
  // The heading a summary puts before its first colon ("Fay, it's staggered: ...") is who called.
  const lead = /^([^.!?:\n]{1,60}):\s/.exec(body.trim())?.[1];
  const leadName = lead && lead.split(/\s+/).length <= 5 ? new RegExp(`^${NAME}`, 'u').exec(lead) : null;
  if (leadName && !opening) names.push(leadName[1]!);
  const introduced = new RegExp(
    String.raw`\b(?:[Tt]his is|[Ii]t's|[Ii]t is|[Mm]y name is|[Nn]ame's|I'm|I am)\s+${NAME}`,
    'gu',
  );
  for (const match of body.matchAll(introduced)) names.push(match[1]!);
  const here = new RegExp(String.raw`${NAME}(?:\s+from\s+[^,.!?]+?)?\s+here\b`, 'gu');
  for (const match of body.matchAll(here)) names.push(match[1]!);
  // A contraction is a pronoun speaking ("We're here till half past five"), never a name.
  return names
    .map((name) => name.replace(/['’]s$/, ''))
    .filter((name) => !NOT_NAMES.has(name.toLowerCase()) && !/['’](?:re|m|ll|ve|d)$/i.test(name));
}

/** Whether `text` carries a mark of doubt: the word "unclear" (any case) or the `[unclear]` cut. */
export const hasUnclearMark = (text: string): boolean => /\bunclear\b/i.test(text);

/**
 * The first text's own words: without the link (a URL's letters and digits are no facts), without the
 * service's heading, without the moment a "listen at 0:42" points at (a position, not a time the caller
 * said), and without bracketed warning lines other than marks of doubt.
 */
export function readableBody(text: string, serviceName: string): string {
  const heading = new RegExp(
    // An urgent message's heading starts "URGENT: " (issue 25).
    `^\\s*(?:URGENT:\\s*)?(?:${escapeRegExp(serviceName)}(?: summary|, whole message)?|Summary|Whole message):\\s*`,
    'i',
  );
  return text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(heading, '')
    .replace(/(\b(?:listen|play)\w*\s+(?:at|from)\s+)\d{1,2}:\d{2}/gi, '$1')
    .split('\n')
    .filter((line) => !/^\s*\[[^\]]*\]\s*$/.test(line) || hasUnclearMark(line))
    .join('\n')
    .trim();
}

/** A value the text marks as heard but doubtful: "Jennifer(?)", "206-555-0142(?).", "$180(?)", "Friday(?)". */
const DOUBTED_VALUE = /(\S+?)\(\?\)/g;

/** What a value marked "(?)" is, to say which fact the mark is about. */
function doubtedKind(value: string, before: string): string {
  const digits = value.replace(/\D/g, '');
  if (value.startsWith('$')) return 'amount';
  if (digits.length >= 7) return 'number';
  if (/\b(?:ending|card|account|ext(?:ension)?)\s+(?:in\s+)?$/i.test(before) && digits.length > 0)
    return 'number';
  const times = timesIn(value);
  if (times.clock.length > 0) return 'time';
  if (times.days.length + times.relative.length > 0) return 'day';
  if (times.dates.length > 0) return 'date';
  if (digits.length > 0) return 'number';
  return /^\p{Lu}/u.test(value) ? 'name' : '';
}

/**
 * The text with each value it marks "(?)" (the service's mark for a name, number, amount or time it heard but
 * doubts: issue 24) read as not stated, and marked unclear as the kind it is: "this is [unclear name]",
 * "call us at [unclear number]". A value so marked is stated neither right nor wrong.
 */
export function withDoubtedValuesRead(body: string): string {
  return body.replace(DOUBTED_VALUE, (_match, value: string, offset: number) => {
    const kind = doubtedKind(value, body.slice(Math.max(0, offset - 20), offset));
    return kind === '' ? '[unclear]' : `[unclear ${kind}]`;
  });
}

/** The clauses of a text: its lines, cut at sentence ends and semicolons. */
export function clausesOf(body: string): string[] {
  return body
    .split(/\n|(?<=[.!?;])\s+/)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
