/**
 * Sentence scoring: how much each sentence tells the listener, and the best ones picked, in their original
 * order, within the summary's length.
 *
 * Issue 32: what the listener acts on comes first: why it matters (what the urgency rules read as an
 * emergency: a fever, a leak, a fraud alert), money (a price, a fee, a balance), times and the ask. Who is
 * calling is not: the first text names the caller in its header once the checks pass them, so a sentence
 * that only introduces the caller, greets, thanks or apologises earns nothing.
 */

import { SUMMARY_MAX_CHARS } from '#core/facts/summary';
import { truncateAtWord } from '#core/texts/sms-text';
import { URGENT_CUES } from '#core/urgency/urgency-cues';
import {
  AMOUNT,
  CALLBACK,
  INFORMING,
  INTRODUCTION,
  isCourtesy,
  isPleasantry,
  NEGATED_REQUEST,
  PIVOT,
  REASON,
  REQUEST,
  TOPIC,
  WEAK_REQUEST,
} from './cues';
import { namesIn } from './names';
import { NUMBER, PHONE } from './numbers';
import { CLOCK_TIME, TIME } from './times';

/**
 * The urgency rules' emergencies (a leak, a fraud alert, a hospital), read as they read them; not "the
 * school nurse", which in a sentence of its own is who is calling, not why.
 */
const REASONS = URGENT_CUES.filter(
  (cue) =>
    (cue.kind === 'emergency' || cue.kind === 'situation') && !cue.pattern.source.includes('school nurse'),
).map((cue) => new RegExp(cue.pattern.source));

/** The sentence as the urgency rules read a transcript: bare lowercase words, one space apart. */
const bareText = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ');

/** Whether the sentence says why the call matters: what the urgency rules take for an emergency. */
export const saysWhy = (sentence: string): boolean => {
  const bare = bareText(sentence);
  return REASON.test(sentence) || REASONS.some((reason) => reason.test(bare));
};

/**
 * How much a sentence tells the listener: why it matters, money, times, requests, phone numbers, numbers;
 * nothing for a courtesy, nor for an introduction when the caller was found in one (the header names them).
 */
export function scoreSentence(
  sentence: string,
  index: number,
  punctuated: boolean,
  callerFound = true,
): number {
  if (isCourtesy(sentence)) return 0;
  let score = 0;
  if (saysWhy(sentence)) score += 6;
  if (saysAmount(sentence)) score += 4;
  if (REQUEST.test(sentence) && !NEGATED_REQUEST.test(sentence)) score += asksMoreThanACall(sentence) ? 3 : 2;
  else if (WEAK_REQUEST.test(sentence) || (CALLBACK.test(sentence) && !TOPIC.test(sentence))) score += 1;
  if (INFORMING.test(sentence)) score += 2;
  if (TOPIC.test(sentence)) score += 1;
  if (sentence.split(/\s+/).length >= 5) score += 1;
  // A day or a clock time is a fact to keep; a part of the day alone ("in the morning") says little.
  if (TIME.test(sentence)) score += DAY_OR_CLOCK.test(sentence) ? 3 : 1;
  if (CLOCK_TIME.test(sentence) || AT_HOUR.test(sentence)) score += 1;
  if (PHONE.test(sentence)) score += 3;
  else if (NUMBER.test(sentence)) score += 1;
  // A sentence that only introduces the caller says what the header will (when the introduction was read).
  if (INTRODUCTION.test(sentence) && !hasContent(sentence)) return callerFound ? 0 : score + 2;
  // Only a punctuated transcript's capitals say something: a lowercase one's were put back by us.
  if (punctuated) score += Math.min(1, namesIn(sentence));
  if (index === 0) score += 1;
  return Math.max(0, score);
}

/**
 * The sentences that are chat (issue 32): those before the caller turns to the point ("Listen, ...",
 * "Anyway, ...") that carry nothing to act on ("So the Seahawks pulled it out."). None when there is no turn.
 */
export function chatBeforePoint(sentences: readonly string[]): boolean[] {
  const turn = sentences.findIndex((sentence, index) => index > 0 && PIVOT.test(sentence.trim()));
  return sentences.map((sentence, index) => index < turn && !hasContent(sentence));
}

/** Asking for a call back, with what politely leads it: "please call us back", "you can reach me". */
const CALLBACK_ASK =
  /\b(?:(?:please|can you|could you|would you|you can|feel free to)\s+)?(?:call me|call us|call back|callback|give (?:me|us) a (?:call|ring)|get back to|text me|reach me|reach us)\b/gi;

/**
 * Whether a request asks for more than a call back (issue 32, eighth session). The first text gives the number,
 * or says it was unclear, on a line of its own, so "Questions: you can reach me." tells the listener nothing
 * new, and in the read held-out sets it took the place of the sentence that said why ("your potassium is very
 * high"). A time, an amount or a reason in the same sentence still counts as ever.
 */
const asksMoreThanACall = (sentence: string) => REQUEST.test(sentence.replace(CALLBACK_ASK, ' '));

/** An hour as digits after a word that places it: "at 9 in the morning", "before 5", "by noon". */
const AT_HOUR = /\b(?:at|by|before|after|until|around|from)\s+(?:\d{1,2}(?::\d{2})?|noon)\b(?!-)/i;

/** A day or a clock time: what makes a time one to keep. */
const DAY_OR_CLOCK =
  /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tonight|tomorrow)\b|\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\b(?:at|by|before|after|until|around|from)\s+\d/i;

/** Money with a number: "$850", "a fee of seventy five dollars", "the total is 1,250". */
const saysAmount = (sentence: string) => AMOUNT.test(sentence) && NUMBER.test(sentence);

/** A number, written or said, but not "the old one", "this one". */
const hasNumber = (text: string) =>
  /\d/.test(text) || NUMBER.test(text.replace(/\b(?:the|this|that|a|no|every|each)(?: \w+)? one\b/gi, ''));

/** Whether a sentence carries something to act on: why, money, a time, an ask, news, what it is about. */
export function hasContent(sentence: string): boolean {
  return (
    saysWhy(sentence) ||
    saysAmount(sentence) ||
    REQUEST.test(sentence) ||
    WEAK_REQUEST.test(sentence) ||
    INFORMING.test(sentence) ||
    TOPIC.test(sentence) ||
    TIME.test(sentence) ||
    hasNumber(sentence)
  );
}

/** Where a sentence's trailing clause starts: ", and we are very sorry...", " because the doctor...". */
const TRAILING_CLAUSE =
  /(?:,\s+(?:and|so|but|which)|\s+because|,?\s+(?:if you have any questions|if you have questions|if that works(?: better)? for you))\s*/gi;

/**
 * Whether a clause says nothing to act on: no request, time, number, amount or reason ("which includes
 * hauling away the old one": "one" there is no number).
 */
function isIdle(clause: string): boolean {
  const number = hasNumber(clause);
  return (
    !REQUEST.test(clause) && !WEAK_REQUEST.test(clause) && !TIME.test(clause) && !number && !saysWhy(clause)
  );
}

/**
 * The sentence without trailing clauses that carry no request, time or number ("We need to move your
 * appointment on Thursday because the doctor will be away, and we are very sorry." -> "We need to move
 * your appointment on Thursday."), and without a leading one that says nothing ("I'm sorry to bother you,
 * but your payment did not go through." -> "Your payment did not go through."): room in a text message is
 * for what the listener acts on.
 */
export function withoutIdleClauses(sentence: string): string {
  let rest = sentence;
  for (const match of sentence.matchAll(TRAILING_CLAUSE)) {
    const head = sentence.slice(0, match.index);
    const tail = sentence.slice(match.index);
    if (isIdle(tail) && head.split(/\s+/).length >= 4) {
      rest = `${head.replace(/[,;:]$/, '')}.`;
      break;
    }
  }
  // "Don't worry, | I'm okay, but | my car broke down": one idle clause after another.
  return withoutIdleLead(withoutIdleLead(withoutIdleLead(rest)));
}

/**
 * Where a leading clause ends: "Don't worry, I'm okay, but | my car broke down...", "That includes hauling
 * away the old one, | I can come out next Tuesday" (a new clause after a comma, as an engine runs two
 * sentences together).
 */
const LEADING_CLAUSE = /,\s+(?:(?:but|so|and)\s+|(?=(?:i|i'm|we|we're|you|he|she|they)\b))/i;

function withoutIdleLead(sentence: string): string {
  const match = LEADING_CLAUSE.exec(sentence);
  if (match === null) return sentence;
  const head = sentence.slice(0, match.index);
  const tail = sentence.slice(match.index + match[0].length);
  if (!isIdle(head) || hasContent(head) || tail.split(/\s+/).length < 4 || !hasContent(tail)) return sentence;
  return tail.charAt(0).toUpperCase() + tail.slice(1);
}

/**
 * The sentences that together tell the most (the highest sum of scores) within `maxChars` (the summary's
 * length unless told), in their original order: one long sentence does not crowd out two that say more
 * (issue 32: the fever and the pick-up, not the introduction and the sign-off).
 */
export function pickSentences(
  sentences: readonly string[],
  scores: readonly number[],
  maxChars = SUMMARY_MAX_CHARS,
): string {
  const candidates = sentences
    .map((sentence, index) => ({ sentence, index, score: scores[index] ?? 0 }))
    .filter((candidate) => !isPleasantry(candidate.sentence));
  // A sentence that says little is no place for a time or a number: there it is likelier garbled than
  // meant ("hide in the morning, or turn next to noon"), and a summary says less rather than something wrong.
  const useful = candidates.filter(
    (candidate) => candidate.score > 2 || !(TIME.test(candidate.sentence) || /\d/.test(candidate.sentence)),
  );
  const kept = useful.some((candidate) => candidate.score > 0) ? useful : candidates;
  const pool = kept.some((candidate) => candidate.score > 0)
    ? kept.filter((candidate) => candidate.score > 0)
    : kept;
  if (pool.length === 0) return truncateAtWord(sentences.join(' '), maxChars);

  const chosen = bestWithin(pool, maxChars);
  const ranked = [...pool].sort((a, b) => b.score - a.score || a.index - b.index);
  const best = ranked[0];
  if (chosen.length === 0 && best !== undefined) return truncateAtWord(best.sentence, maxChars);
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((candidate) => candidate.sentence)
    .join(' ');
}

type Candidate = { readonly sentence: string; readonly index: number; readonly score: number };

/**
 * The candidates with the highest total score whose sentences, a space apart, fit in `maxChars` (a 0/1
 * knapsack over the characters: a voicemail has a few dozen sentences at most). On a tie, the earlier ones.
 */
function bestWithin(pool: readonly Candidate[], maxChars: number): Candidate[] {
  const room = Math.max(0, Math.floor(maxChars)) + 1;
  // best[c]: the highest total within c characters (each sentence costs its length and a space).
  let best: { total: number; picked: readonly number[] }[] = Array.from({ length: room + 1 }, () => ({
    total: 0,
    picked: [],
  }));
  pool.forEach((candidate, at) => {
    const cost = candidate.sentence.length + 1;
    const next = best.slice();
    for (let capacity = cost; capacity <= room; capacity++) {
      const before = best[capacity - cost];
      const current = next[capacity];
      if (before === undefined || current === undefined) continue;
      if (before.total + candidate.score > current.total) {
        next[capacity] = { total: before.total + candidate.score, picked: [...before.picked, at] };
      }
    }
    best = next;
  });
  return (best[room]?.picked ?? []).map((at) => pool[at]).filter((c): c is Candidate => c !== undefined);
}
