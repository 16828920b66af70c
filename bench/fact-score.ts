/**
 * Scores a reply's first text against what the caller really said (issue 24): for each fact (the caller's
 * name, the callback number, each amount or card/account/extension digits, each day or time), whether the
 * text states it right, states something wrong as fact, marks it unclear, or leaves it out. A fact stated
 * wrong anywhere in the text is wrong, even when the right value is there too; a value in a clause that marks
 * doubt about that fact ("Number unclear, listen at 0:42", "[unclear]" next to it, "(?)" right after it) is
 * not stated as fact.
 * Something stated that the caller never said (a name when none was given, a number, an amount, a time) is
 * wrong too, and `invented`. The rules are approximations a person can check: bench/facts.ts prints every
 * text it scored.
 */
import { distance } from 'fastest-levenshtein';
import type { DigitsFact, FactVoicemail, TimeFact } from '../test/support/fact-truth';
import {
  bareNumbersIn,
  callerNamesIn,
  clausesOf,
  digitRuns,
  digitsFromWords,
  hasUnclearMark,
  moneyIn,
  phoneNumbersIn,
  readableBody,
  type TimesStated,
  timesIn,
  withDoubtedValuesRead,
} from './fact-values';

export type Verdict = 'right' | 'wrong' | 'unclear' | 'left out';
/** Names, callback numbers, amounts and digits, days and times: the table's groups. */
export type FactKind = 'name' | 'number' | 'amount' | 'time';
export type FactScore = {
  readonly kind: FactKind;
  /** What the fact is: "name Jenna", "number 2065550142", "$412", "card 7731", "Friday 9". */
  readonly label: string;
  readonly verdict: Verdict;
  /** Stated though the caller said nothing of the kind. */
  readonly invented: boolean;
};

export type Truth = Pick<
  FactVoicemail,
  'script' | 'name' | 'nameSpelledAlso' | 'number' | 'amounts' | 'digits' | 'times'
>;

const LABELS: Readonly<Record<FactKind, RegExp>> = {
  name: /\b(?:name|caller|who)\b/i,
  number: /\b(?:number|call\s?back|phone|line|cell|call)\b|\d{3}/i,
  amount: /\$|\b(?:dollars?|amount|payment|charge|cost|balance|refund(?:ed)?|total|price|fee|paid|owe)\b/i,
  time: /\b(?:time|day|date|when)\b/i,
};
const CUES: Readonly<Record<DigitsFact['cue'], RegExp>> = {
  card: /\b(?:card|ending|ended)\b/i,
  account: /\b(?:account|ending|ended)\b/i,
  extension: /\bext(?:ension)?\b\.?/i,
};

/** The text split for one fact: the clauses that mark it unclear, and the rest (where it may be stated). */
type Reading = { readonly marked: boolean; readonly plain: string };

/**
 * Clauses as read for one kind of fact: a value the text marked "(?)" (read as `[unclear <kind>]`) marks
 * doubt about its own kind only ("before 5 today(?) at 312-555-0178" leaves the number stated).
 */
function forKinds(clauses: readonly string[], kinds: readonly string[]): string[] {
  return clauses.map((clause) =>
    clause.replace(/\[unclear (\w+)\]/g, (mark, kind: string) => (kinds.includes(kind) ? mark : '[doubted]')),
  );
}

function reading(
  all: readonly string[],
  kinds: readonly string[],
  marks: (clause: string) => boolean,
): Reading {
  const clauses = forKinds(all, kinds);
  const marked = clauses.filter((clause) => hasUnclearMark(clause) && marks(clause));
  return { marked: marked.length > 0, plain: clauses.filter((c) => !marked.includes(c)).join('\n') };
}

const hasTime = (t: TimesStated) => t.days.length + t.dates.length + t.clock.length + t.relative.length > 0;

/** Every fact of the voicemail (and everything invented) as the first text states it. */
export function scoreFirstText(text: string, truth: Truth, serviceName: string): FactScore[] {
  const body = withDoubtedValuesRead(digitsFromWords(readableBody(text, serviceName)));
  const clauses = clausesOf(body);
  return [
    ...scoreName(body, clauses, truth),
    ...scoreNumber(clauses, truth),
    ...scoreAmounts(clauses, truth),
    ...truth.digits.map((fact) => scoreDigits(clauses, truth, fact)),
    ...scoreTimes(clauses, truth),
  ];
}

function verdictOf(wrong: boolean, right: boolean, marked: boolean): Verdict {
  if (wrong) return 'wrong';
  if (right) return 'right';
  return marked ? 'unclear' : 'left out';
}

function scoreName(body: string, clauses: readonly string[], truth: Truth): FactScore[] {
  // A mark where the text would name the caller ("[unclear] from Lakeside Dental: ...") is about the name.
  const opensWithMark = hasUnclearMark(body.split(/\s+/).slice(0, 3).join(' '));
  const { marked, plain } = reading(
    clauses,
    ['name'],
    (clause) => LABELS.name.test(clause) || (opensWithMark && clause === clauses[0]),
  );
  const stated = callerNamesIn(plain);
  // "Doctor Patel's office" said: "Patel" is a word of the script, as the text's "Dr. Patel's office" names it.
  const scriptWords = new Set(
    (truth.script.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []).flatMap((word) => [
      word,
      word.replace(/['’]s$/, ''),
    ]),
  );
  if (truth.name === null) {
    // A company the caller named ("this is Pacific Gas and Power") is what they said, not an invented name.
    const invented = stated.filter((name) => !scriptWords.has(name.toLowerCase()));
    return invented.length === 0
      ? []
      : [{ kind: 'name', label: `name ${invented[0]} (none given)`, verdict: 'wrong', invented: true }];
  }
  const spellings = [truth.name, ...(truth.nameSpelledAlso ?? [])];
  const same = (name: string) => spellings.some((spelling) => spelling.toLowerCase() === name.toLowerCase());
  const named =
    stated.some(same) || spellings.some((spelling) => new RegExp(`\\b${spelling}\\b`, 'i').test(plain));
  const verdict = verdictOf(
    stated.some((name) => !same(name)),
    named,
    marked,
  );
  return [{ kind: 'name', label: `name ${truth.name}`, verdict, invented: false }];
}

function scoreNumber(clauses: readonly string[], truth: Truth): FactScore[] {
  const { marked, plain } = reading(clauses, ['number'], (clause) => LABELS.number.test(clause));
  const phones = phoneNumbersIn(plain);
  if (truth.number === null) {
    return phones.length === 0
      ? []
      : [{ kind: 'number', label: `number ${phones[0]} (none given)`, verdict: 'wrong', invented: true }];
  }
  const extension = truth.digits.find((fact) => fact.cue === 'extension')?.digits ?? '';
  const accepted = new Set([truth.number, `1${truth.number}`]);
  if (extension) for (const n of [...accepted]) accepted.add(`${n}${extension}`);
  const verdict = verdictOf(
    phones.some((phone) => !accepted.has(phone)),
    phones.some((phone) => accepted.has(phone)),
    marked,
  );
  return [{ kind: 'number', label: `number ${truth.number}`, verdict, invented: false }];
}

function scoreAmounts(clauses: readonly string[], truth: Truth): FactScore[] {
  const { marked, plain } = reading(clauses, ['amount'], (clause) => LABELS.amount.test(clause));
  const money = moneyIn(plain);
  // "The quote is 1,250": the amount without its unit is still the amount said.
  const bare = bareNumbersIn(plain);
  const digitValues = truth.digits.map((fact) => Number(fact.digits));
  // Digits written as money ("ending in $7,731") are scored with those digits, not here.
  const strays = money.filter((value) => !truth.amounts.includes(value) && !digitValues.includes(value));
  const scores: FactScore[] = truth.amounts.map((amount) => ({
    kind: 'amount',
    label: `$${amount}`,
    verdict: verdictOf(
      !money.includes(amount) && strays.length > 0,
      money.includes(amount) || bare.includes(amount),
      marked,
    ),
    invented: false,
  }));
  if (strays.length > 0 && scores.every((score) => score.verdict === 'right')) {
    scores.push({ kind: 'amount', label: `$${strays[0]} (not said)`, verdict: 'wrong', invented: true });
  }
  return scores;
}

function scoreDigits(clauses: readonly string[], truth: Truth, fact: DigitsFact): FactScore {
  const cue = CUES[fact.cue];
  const { marked, plain } = reading(clauses, ['number'], (clause) => cue.test(clause));
  const asMoney = moneyIn(plain).includes(Number(fact.digits));
  const runs = digitRuns(plain);
  const cueAt = cue.exec(plain);
  const afterCue =
    cueAt === null
      ? undefined
      : runs.find((run) => run.index >= cueAt.index && run.index - (cueAt.index + cueAt[0].length) <= 25);
  // "ending in 77311", or "2600" for 2260 anywhere: the digits misheard.
  const misread =
    (afterCue !== undefined && afterCue.digits !== fact.digits && afterCue.digits.length < 7) ||
    runs.some((run) => run.digits !== fact.digits && nearly(run.digits, fact.digits));
  const withNumber =
    fact.cue === 'extension' &&
    truth.number !== null &&
    phoneNumbersIn(plain).some((phone) => phone.endsWith(`${truth.number}${fact.digits}`));
  const right = runs.some((run) => run.digits === fact.digits) || withNumber;
  return {
    kind: 'amount',
    label: `${fact.cue} ${fact.digits}`,
    verdict: verdictOf(asMoney || misread, right, marked),
    invented: false,
  };
}

/** A run within one digit of these digits (two, for four digits or more): the same digits misheard. */
function nearly(run: string, digits: string): boolean {
  if (Math.abs(run.length - digits.length) > 1 || run.length < 3) return false;
  return distance(run, digits) <= (digits.length >= 4 ? 2 : 1);
}

/** Whether the text states every part of the time (day, date, hour and minutes, today/tomorrow). */
function statesTime(stated: TimesStated, time: TimeFact): boolean {
  return (
    (time.day === undefined || stated.days.includes(time.day)) &&
    (time.date === undefined || stated.dates.includes(time.date)) &&
    (time.relative === undefined || stated.relative.includes(time.relative)) &&
    (time.hour === undefined ||
      stated.clock.some(
        (clock) => clock.hour === time.hour && (time.minute === undefined || clock.minute === time.minute),
      ))
  );
}

export function timeLabel(time: TimeFact): string {
  const parts = [
    time.day && time.day[0]!.toUpperCase() + time.day.slice(1),
    time.date !== undefined && `the ${time.date}`,
    time.hour !== undefined && `${time.hour}${time.minute ? `:${String(time.minute).padStart(2, '0')}` : ''}`,
    time.relative,
  ];
  return parts.filter(Boolean).join(' ');
}

function scoreTimes(clauses: readonly string[], truth: Truth): FactScore[] {
  const { marked, plain } = reading(
    clauses,
    ['time', 'day', 'date'],
    (clause) => LABELS.time.test(clause) || hasTime(timesIn(clause)),
  );
  const stated = timesIn(plain);
  // Anything the caller said is allowed, whether or not it is a fact to score ("your appointment on Thursday").
  const said = timesIn(digitsFromWords(truth.script));
  const allowedClock = [
    ...said.clock,
    ...truth.times.flatMap((t) => (t.hour === undefined ? [] : [{ hour: t.hour, minute: t.minute ?? null }])),
  ];
  // A day, date or word of the truth's own times was said, however the script words it ("October second").
  const saidDays = [...said.days, ...truth.times.flatMap((t) => (t.day === undefined ? [] : [t.day]))];
  const saidDates = [...said.dates, ...truth.times.flatMap((t) => (t.date === undefined ? [] : [t.date]))];
  const saidRelative = [
    ...said.relative,
    ...truth.times.flatMap((t) => (t.relative === undefined ? [] : [t.relative])),
  ];
  const strays = [
    ...stated.days.filter((day) => !saidDays.includes(day)),
    ...stated.dates.filter((date) => !saidDates.includes(date)).map((date) => `the ${date}`),
    ...stated.relative.filter((word) => !saidRelative.includes(word)),
    ...stated.clock
      .filter(
        (c) => !allowedClock.some((a) => a.hour === c.hour && (c.minute === null || a.minute === c.minute)),
      )
      .map((c) => `${c.hour}${c.minute ? `:${c.minute}` : ''}`),
  ];
  const scores: FactScore[] = truth.times.map((time) => {
    const right = statesTime(stated, time);
    return {
      kind: 'time',
      label: timeLabel(time),
      verdict: verdictOf(!right && strays.length > 0, right, marked),
      invented: false,
    };
  });
  if (strays.length > 0 && scores.every((score) => score.verdict === 'right')) {
    scores.push({ kind: 'time', label: `${strays[0]} (not said)`, verdict: 'wrong', invented: true });
  }
  return scores;
}
