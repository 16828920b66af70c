/**
 * Facts checked before they are stated (issue 24). Every name, phone number, amount, card digits, time, day
 * and date a transcript holds (core/facts/fact-mentions.ts) is judged: sure, or doubtful and why. A fact is sure
 * when the way it was written makes sense (a valid number for its country, a time of day, four digits after
 * "ending in"), the engine heard each of its words with confidence, and, for a phone number, no other reading
 * of it disagrees ("two one three..." then "two one two..."). A name needs more confidence than the rest (a
 * wrong name is greeted), unless it is one of the sender's SPELL words. Without the engine's confidence (old
 * messages, whisper-1) only the checks that need none are made.
 */

import type { HeardToken } from '#core/transcripts/heard-transcript';
import { DOUBTFUL_BELOW } from '#core/transcripts/heard-words';
import { bareWord } from '#core/transcripts/spoken-numbers';
import { isBusinessShape } from './business-mentions';
import { findMentions, type Mention } from './fact-mentions';
import { TWENTY_FOUR_HOUR } from './time-mentions';

export type { FactKind, Mention } from './fact-mentions';

/** A fact as the checks judged it: stated as fact only when `sure`. */
export type CheckedFact = Mention & {
  readonly sure: boolean;
  /** Why it is not sure ("heard with low confidence", "not a valid number"...); null when it is. */
  readonly doubt: string | null;
  /** Where in the recording it was said (seconds), to point the listener at it; null: unknown. */
  readonly at: number | null;
};

export type FactCheckOptions = {
  /** Whether an E.164 number is a valid number for its country (libphonenumber's metadata, behind a port). */
  readonly isValidNumber: (e164: string) => boolean;
  /** The sender's SPELL words: a caller's name among them is stated however it was heard. */
  readonly vocabulary?: readonly string[];
  /** The language the caller spoke (ISO 639-1; null or absent: English). */
  readonly spoken?: string | null;
  /**
   * The engine judged the whole transcript possibly unreliable (core/transcripts/transcript-warnings.ts): its
   * numbers and amounts are not stated, however surely each was heard (DOUBTFUL_TRANSCRIPT).
   */
  readonly doubtfulTranscript?: boolean;
};

/**
 * A name is stated only when each of its words was heard at least this surely: Moonshine heard "Jenna" as
 * "Jennifer" at 0.82, "Lucas" as "Luke" at 0.85 and "Anjali" as "Sam Jolly" at 0.89, where right names came
 * at 0.28 to 0.97 (docs/decisions/facts.md, "Facts checked before they are stated").
 */
export const NAME_SURE_AT_LEAST = 0.9;

export const LOW_CONFIDENCE = 'heard with low confidence';
export const TWO_READINGS = 'said twice differently';
/**
 * Digits in a transcript the engine judged possibly unreliable (issue 32, seventh session): on the development
 * and ninth and tenth held-out sets, 8 of the 21 callback numbers and amounts such texts stated were wrong,
 * against 5 of 166 in the others. Names, businesses and times in them were not wrong more often, and stay
 * judged word by word (docs/decisions/facts-2.md).
 */
export const DOUBTFUL_TRANSCRIPT = 'in a transcript the engine doubted';
/** The kinds of fact whose digits a doubtful transcript gets wrong: a callback number, an amount, other digits. */
const DIGIT_KINDS: ReadonlySet<string> = new Set(['phone', 'amount', 'digits']);

/** The number without the US country code: what callers say and what two readings are compared on. */
export function nationalDigits(digits: string): string {
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Why a phone number's digits cannot be stated, or null. */
function phoneDoubt(digits: string, firstWord: string, isValid: (e164: string) => boolean): string | null {
  // A decoder loop ("555-888-888-888-...") leaves more digits than a number has, a group over and over.
  if (digits.length > 11 && /(\d{2,4})\1\1/.test(digits)) return 'a group repeated (the engine looping)';
  const national = nationalDigits(digits);
  if (national.length === 10) return isValid(`+1${national}`) ? null : 'not a valid number';
  if (national.length === 7) return 'no area code';
  // Another country's number is one only when it was written with its "+".
  if (firstWord.startsWith('+') && digits.length >= 8 && digits.length <= 15) {
    return isValid(`+${digits}`) ? null : 'not a valid number';
  }
  return 'not a whole phone number';
}

/** Edit distance of two short strings (digits): how far apart two readings of a number are. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Two readings of one number that disagree: numbers at most this many digits apart are taken for the same
 * number said twice (and both left unclear), not two numbers. Two numbers that close (an office line and a
 * cell on the same exchange) are left unclear too: a gap, never a wrong number.
 */
const SAME_NUMBER_WITHIN = 3;

function disagrees(phone: Mention, phones: readonly Mention[]): boolean {
  const mine = nationalDigits(phone.value);
  return phones.some((other) => {
    const theirs = nationalDigits(other.value);
    return theirs !== mine && editDistance(theirs, mine) <= SAME_NUMBER_WITHIN;
  });
}

/** The lowest confidence among a fact's words; null when the engine gave none. */
function leastConfidence(tokens: readonly HeardToken[], mention: Mention): number | null {
  const known = tokens
    .slice(mention.start, mention.end)
    .map((token) => token.confidence)
    .filter((confidence): confidence is number => confidence !== null);
  return known.length === 0 ? null : Math.min(...known);
}

/**
 * A name is judged by its given name alone ("Pam" of "Pam Whitaker"), not by the least of its words: the
 * surname is judged apart and dropped when heard badly (core/facts/stated-summary.ts), so a surname heard at
 * 0.56 no longer doubts a first name heard at 0.96.
 */
function nameConfidence(tokens: readonly HeardToken[], mention: Mention): number | null {
  const given = mention.value.toLowerCase();
  const token = tokens
    .slice(mention.start, mention.end)
    .find((each) => bareWord(each.text).replace(/'s$/, '') === given);
  return token === undefined ? leastConfidence(tokens, mention) : token.confidence;
}

const inVocabulary = (name: string, vocabulary: readonly string[] | undefined) =>
  (vocabulary ?? []).some((word) => word.toLowerCase() === name.toLowerCase());

/** Every fact of the transcript, judged. */
export function checkFacts(tokens: readonly HeardToken[], options: FactCheckOptions): CheckedFact[] {
  const mentions = findMentions(tokens.map((token) => token.text));
  const phones = mentions.filter((mention) => mention.kind === 'phone' && mention.problem === null);
  const english = (options.spoken ?? 'en') === 'en';
  const checked = mentions.map((mention): CheckedFact => {
    const at = tokens[mention.start]?.at ?? null;
    if (mention.kind === 'name' && inVocabulary(mention.value, options.vocabulary)) {
      return { ...mention, sure: true, doubt: null, at };
    }
    const confidence =
      mention.kind === 'name' ? nameConfidence(tokens, mention) : leastConfidence(tokens, mention);
    // A business that does not read as one ("Lakeside Gentle": no Dental, Pharmacy, Office...) is a name.
    const nameLike =
      mention.kind === 'name' || (mention.kind === 'business' && !isBusinessShape(mention.value));
    const least = nameLike ? NAME_SURE_AT_LEAST : DOUBTFUL_BELOW;
    // "a las 15:30": callers in other languages say the 24-hour clock.
    const problem = mention.problem === TWENTY_FOUR_HOUR && !english ? null : mention.problem;
    const doubt =
      problem ??
      (mention.kind === 'phone'
        ? phoneDoubt(mention.value, tokens[mention.start]?.text ?? '', options.isValidNumber)
        : null) ??
      (mention.kind === 'phone' && disagrees(mention, phones) ? TWO_READINGS : null) ??
      (options.doubtfulTranscript && DIGIT_KINDS.has(mention.kind) ? DOUBTFUL_TRANSCRIPT : null) ??
      (confidence !== null && confidence < least ? LOW_CONFIDENCE : null);
    return { ...mention, sure: doubt === null, doubt, at };
  });
  // A number said twice alike, once heard well, is heard well: the other reading agrees with it.
  return checked.map((fact) =>
    fact.kind === 'phone' &&
    fact.doubt === LOW_CONFIDENCE &&
    checked.some(
      (other) =>
        other.kind === 'phone' && other.sure && nationalDigits(other.value) === nationalDigits(fact.value),
    )
      ? { ...fact, sure: true, doubt: null }
      : fact,
  );
}
