/**
 * Scores one run of the "heard" benchmark (issue 32) against the voicemail's truth (test/support/heard-truth.ts):
 * the facts of the first text (name, business, callback number, amounts, times: right / wrong / marked
 * unclear / left out; bench/fact-score.ts reads all but the business, read here), the caller named as fact,
 * a long voicemail's caller and callback, the page's contact card and event (bench/heard-files.ts), urgent
 * and spam, and the point (every `mustSay` word). Pure: the run's raw results are scored again from the file
 * they are kept in.
 */
import type { Rendering } from '../test/support/fact-truth';
import type { HeardVoicemail } from '../test/support/heard-truth';
import { type FactScore, scoreFirstText, type Truth, type Verdict } from './fact-score';
import {
  clausesOf,
  digitsFromWords,
  hasUnclearMark,
  readableBody,
  withDoubtedValuesRead,
} from './fact-values';
import { SERVICE_NAME } from './facts-pipeline';
import {
  distinctWords,
  type FileScore,
  joinedAsSaid,
  nameForms,
  type PageEvent,
  type PageFile,
  sameBusiness,
  scoreContact,
  scoreEvent,
} from './heard-files';

export type { PageEvent, PageFile } from './heard-files';

/** What one voicemail, recorded one way, came to: kept as data to be scored again. */
export type HeardRun = {
  readonly voicemailId: string;
  readonly rendering: Rendering;
  /** Who forwarded it, their zone (the benchmark's, from the area code) and when it arrived (ISO). */
  readonly sender: string;
  readonly zone: string;
  readonly receivedAt: string;
  /** The first text the sender got ('' when none) and how many texts they got. */
  readonly first: string;
  readonly texts: number;
  readonly transcript: string;
  /** The urgency level the message was given (urgent, normal, likely_spam), and why. */
  readonly urgency: string | null;
  readonly urgencyReason: string | null;
  readonly audioSeconds: number | null;
  /** From the audio's arrival (the first step's start) to the first text. */
  readonly firstTextSeconds: number | null;
  readonly contact: PageFile;
  readonly event: PageEvent;
  readonly error: string | null;
};

/** A fact of the first text: fact-score's kinds and the business. */
export type HeardFact = Omit<FactScore, 'kind'> & { readonly kind: FactScore['kind'] | 'business' };

/** Audio this long or longer is a long voicemail (issue 32: 20-33 s lost their caller and callback). */
export const LONG_SECONDS = 20;

export type HeardScore = {
  readonly facts: readonly HeardFact[];
  /** The caller's name as fact (right), or null when no name was said; the business the same. */
  readonly name: Verdict | null;
  readonly business: Verdict | null;
  /** A long voicemail with a caller and a number: both right in the first text; null for the others. */
  readonly longCallerAndNumber: boolean | null;
  readonly contact: FileScore | null;
  readonly event: FileScore | null;
  readonly urgent: 'caught' | 'missed' | 'false alarm' | null;
  readonly spam: 'recognised' | 'missed' | 'false' | null;
  /** The `mustSay` words the first text lacks (empty: it carries the point). */
  readonly pointMissing: readonly string[];
  /**
   * What the engine's transcript holds at all, whatever its confidence (null when none was said): the
   * caller's name (a form of it as a whole word) and the callback number's ten digits. No rule after the
   * transcript can state more than these: the engine's ceiling.
   */
  readonly inTranscript: { readonly name: boolean | null; readonly number: boolean | null };
};

/** Whether the transcript holds the caller's name and number at all (HeardScore's `inTranscript`). */
export function inTranscript(
  transcript: string,
  voicemail: Pick<HeardVoicemail, 'name' | 'nameSpelledAlso' | 'number'>,
): HeardScore['inTranscript'] {
  const name = voicemail.name === null ? null : nameForms(voicemail).some((form) => wordIn(form, transcript));
  const digits = digitsFromWords(transcript).replace(/\D/g, '');
  const number =
    voicemail.number === null ? null : digits.includes(voicemail.number.replace(/\D/g, '').slice(-10));
  return { name, number };
}

/** The fact-score truth of a voicemail: its name as texts show it (first word, titles left out) and no digits. */
export function factTruth(voicemail: HeardVoicemail): Truth {
  const forms = nameForms(voicemail);
  const first = (name: string) =>
    name.split(/\s+/).find((word) => !/^(?:dr|doctor|mr|mrs|ms)\.?$/i.test(word));
  const shown = voicemail.name === null ? null : (first(voicemail.name) ?? voicemail.name);
  return {
    script: voicemail.script,
    name: shown,
    nameSpelledAlso: forms.filter((form) => form !== shown?.toLowerCase()),
    number: voicemail.number,
    amounts: voicemail.amounts,
    digits: [],
    times: voicemail.times,
  };
}

/** Words that start a capitalised run but name no business: days, months, the service's own words. */
const NOT_BUSINESS =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Voice|Summary|Call|Number|Unclear|Noon|URGENT)$/;
const CAPITALISED = String.raw`(?:\p{Lu}[\p{L}\p{N}'’&.-]*)`;
const ORGANISATION = new RegExp(
  String.raw`\b(?:from|at|with)\s+((?:the\s+)?${CAPITALISED}(?:\s+(?:of\s+|&\s+|and\s+)?${CAPITALISED})*)`,
  'gu',
);

/**
 * The businesses a text gives the caller: a capitalised name after "from", "at" or "with" in the heading before
 * its first colon ("Jenna from Lakeside Dental: ...", "From First Coast Credit Union: ...") or in a clause
 * where someone introduces themselves ("this is Marco from Bayside Plumbing").
 */
export function businessesIn(body: string): string[] {
  const heading = /^([^:\n]{1,80}):\s/.exec(body.trim())?.[1] ?? '';
  const introductions = clausesOf(body).filter((clause) =>
    // "Chloe from Bella Salon here", not "nobody's here and there's no permit card at the Larkin Street job".
    /\b(?:this is|it's|it is|my name is|calling)\b|\bhere[.!,]?$/i.test(clause.trim()),
  );
  const found: string[] = [];
  for (const text of [heading, ...introductions]) {
    for (const match of text.matchAll(ORGANISATION)) {
      const words = match[1]!.replace(/^the\s+/, '').split(/\s+/);
      if (words.every((word) => NOT_BUSINESS.test(word.replace(/[.'’]+$/, '')))) continue;
      found.push(match[1]!.replace(/[.,]+$/, ''));
    }
  }
  return [...new Set(found)];
}

const wordIn = (word: string, text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapedForRegExp(word)}(?:['’]?s)?(?![\\p{L}\\p{N}])`, 'iu').test(text);

/**
 * The business as the first text states it: right when every word that tells it apart is there and not in a
 * clause marked unclear; wrong when the text gives the caller another business, one whose words were not all
 * said (a misheard name, a city for a company), or any when the caller named none (invented).
 */
export function scoreBusiness(first: string, voicemail: HeardVoicemail): HeardFact | null {
  const raw = digitsFromWords(readableBody(first, SERVICE_NAME));
  const words = voicemail.business === null ? [] : distinctWords(voicemail.business);
  // A word of the business marked "(?)" ("Lakeside(?) Dental") doubts the business; a doubted name beside it
  // ("Jennifer(?) from Lakeside Dental") does not.
  const doubted = [...raw.matchAll(/(\S+?)\(\?\)/g)].some((match) =>
    distinctWords(match[1]!).some((word) => words.includes(word)),
  );
  const body = withDoubtedValuesRead(raw).replace(/\[unclear(?: \w+)?\]/g, '[doubted]');
  const clauses = clausesOf(body);
  const marked = clauses.filter(
    (clause) =>
      hasUnclearMark(clause) && (words.some((word) => wordIn(word, clause)) || clause === clauses[0]),
  );
  const plain = clauses.filter((clause) => !marked.includes(clause)).join('\n');
  const stated = businessesIn(plain);
  const other = stated.filter(
    (business) => voicemail.business === null || !sameBusiness(business, voicemail),
  );
  const said = new Set(distinctWords(voicemail.script));
  const wrong = other.filter(
    (business) => !joinedAsSaid(distinctWords(business), said).every((word) => said.has(word)),
  );
  if (voicemail.business === null) {
    return wrong.length === 0
      ? null
      : { kind: 'business', label: `business ${wrong[0]} (none given)`, verdict: 'wrong', invented: true };
  }
  // "St. Vincent's" for Saint Vincent's: the text's words read as distinctWords reads them.
  const plainWords = new Set(joinedAsSaid(distinctWords(plain), new Set(words)));
  const right = words.every((word) => wordIn(word, plain) || plainWords.has(word));
  const verdict: Verdict =
    wrong.length > 0 ? 'wrong' : right ? 'right' : marked.length > 0 || doubted ? 'unclear' : 'left out';
  return { kind: 'business', label: `business ${voicemail.business}`, verdict, invented: false };
}

/** The `mustSay` words the text lacks: a word matches any word that starts with it ("pick" in "picked"). */
export function missingPoint(first: string, mustSay: readonly string[]): string[] {
  const text = first.replace(/https?:\/\/\S+/g, ' ');
  return mustSay.filter(
    (word) => !new RegExp(`(?<![\\p{L}\\p{N}])${escapedForRegExp(word)}`, 'iu').test(text),
  );
}

function escapedForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function scoreHeard(run: HeardRun, voicemail: HeardVoicemail): HeardScore {
  const facts: HeardFact[] = scoreFirstText(run.first, factTruth(voicemail), SERVICE_NAME);
  const business = scoreBusiness(run.first, voicemail);
  if (business !== null) facts.splice(1, 0, business);
  const verdict = (kind: HeardFact['kind']) =>
    facts.find((fact) => fact.kind === kind && !fact.invented)?.verdict ?? null;
  const name = voicemail.name === null ? null : verdict('name');
  const businessVerdict = voicemail.business === null ? null : verdict('business');
  const caller = voicemail.name !== null ? name : businessVerdict;
  const long =
    (run.audioSeconds ?? 0) >= LONG_SECONDS && caller !== null && voicemail.number !== null
      ? caller === 'right' && verdict('number') === 'right'
      : null;
  const isUrgent = run.urgency === 'urgent';
  const isSpam = run.urgency === 'likely_spam';
  return {
    facts,
    name,
    business: businessVerdict,
    longCallerAndNumber: long,
    contact: scoreContact(run.contact, voicemail),
    event: scoreEvent(run.event, voicemail, run),
    urgent: voicemail.urgent ? (isUrgent ? 'caught' : 'missed') : isUrgent ? 'false alarm' : null,
    spam: voicemail.spam ? (isSpam ? 'recognised' : 'missed') : isSpam ? 'false' : null,
    pointMissing: missingPoint(run.first, voicemail.mustSay),
    inTranscript: inTranscript(run.transcript, voicemail),
  };
}
