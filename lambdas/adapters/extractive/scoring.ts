/**
 * Sentence scoring: how much each sentence tells the listener, and the best ones picked, in their original
 * order, within the summary's length.
 */

import { SUMMARY_MAX_CHARS } from '#core/facts/summary';
import { truncateAtWord } from '#core/texts/sms-text';
import {
  CALLBACK,
  INFORMING,
  INTRODUCTION,
  isPleasantry,
  NEGATED_REQUEST,
  REQUEST,
  WEAK_REQUEST,
} from './cues';
import { namesIn } from './names';
import { NUMBER, PHONE } from './numbers';
import { CLOCK_TIME, TIME } from './times';

/** How much a sentence tells the listener: requests, times, phone numbers, numbers, names. */
export function scoreSentence(sentence: string, index: number, punctuated: boolean): number {
  let score = 0;
  if (REQUEST.test(sentence) && !NEGATED_REQUEST.test(sentence)) score += 3;
  else if (WEAK_REQUEST.test(sentence) || CALLBACK.test(sentence)) score += 1;
  if (INFORMING.test(sentence)) score += 2;
  if (sentence.split(/\s+/).length >= 5) score += 1;
  if (TIME.test(sentence)) score += 2;
  if (CLOCK_TIME.test(sentence)) score += 1;
  if (PHONE.test(sentence)) score += 3;
  else if (NUMBER.test(sentence)) score += 1;
  if (INTRODUCTION.test(sentence)) score += 2;
  // Only a punctuated transcript's capitals say something: a lowercase one's were put back by us.
  if (punctuated) score += Math.min(2, namesIn(sentence));
  if (index === 0) score += 1;
  return score;
}

/** Where a sentence's trailing clause starts: ", and we are very sorry...", " because the doctor...". */
const TRAILING_CLAUSE = /(?:,\s+(?:and|so|but|which)|\s+because)\s+/gi;

/**
 * The sentence without trailing clauses that carry no request, time or number ("We need to move your
 * appointment on Thursday because the doctor will be away, and we are very sorry." -> "We need to move
 * your appointment on Thursday."): room in a text message is for what the listener acts on.
 */
export function withoutIdleClauses(sentence: string): string {
  for (const match of sentence.matchAll(TRAILING_CLAUSE)) {
    const head = sentence.slice(0, match.index);
    const tail = sentence.slice(match.index);
    const idle = !REQUEST.test(tail) && !WEAK_REQUEST.test(tail) && !TIME.test(tail) && !NUMBER.test(tail);
    if (idle && head.split(/\s+/).length >= 4) return `${head.replace(/[,;:]$/, '')}.`;
  }
  return sentence;
}

/** The best sentences in their original order, within `maxChars` (the summary's length unless told). */
export function pickSentences(
  sentences: readonly string[],
  scores: readonly number[],
  maxChars = SUMMARY_MAX_CHARS,
): string {
  const candidates = sentences
    .map((sentence, index) => ({ sentence, index, score: scores[index] ?? 0 }))
    .filter((candidate) => !isPleasantry(candidate.sentence));
  const pool = candidates.some((candidate) => candidate.score > 0)
    ? candidates.filter((candidate) => candidate.score > 0)
    : candidates;
  if (pool.length === 0) return truncateAtWord(sentences.join(' '), maxChars);

  const ranked = [...pool].sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: typeof ranked = [];
  let length = 0;
  for (const candidate of ranked) {
    const added = candidate.sentence.length + (chosen.length > 0 ? 1 : 0);
    if (length + added <= maxChars) {
      chosen.push(candidate);
      length += added;
    }
  }
  const best = ranked[0];
  if (chosen.length === 0 && best !== undefined) return truncateAtWord(best.sentence, maxChars);
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((candidate) => candidate.sentence)
    .join(' ');
}
