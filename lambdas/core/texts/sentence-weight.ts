/**
 * What a sentence of a summary is worth to the person who acts on it (issue 32), where a summary must lose
 * sentences to fit its room: why the call matters (said in one sentence: health, harm, a breakdown, damage,
 * money at risk, something cancelled or due) and each number, amount, clock time or day it carries. The
 * offline summarizer scores sentences with the same words (adapters/extractive/scoring.ts).
 */

/**
 * Why a call matters, said in one sentence (the urgency rules read whole transcripts, where "she" is the
 * daughter named before).
 */
export const REASON =
  /\b(?:fever|temperature of|threw up|throwing up|vomit\w*|sick|ill|hurt|injur\w*|bleeding|fell|fracture\w*|broke (?:his|her|my|their) \w+|hospital|emergency|urgent care|ambulance|infection|diagnos\w*|test (?:results?|came back)|results? (?:are|came) (?:in|back)|lab results|biopsy|allergic|rash|accident|crash|broke down|broken down|tow truck|flat tire|stranded|stuck|leak\w*|flood\w*|burst|no (?:heat|water|power)|power (?:is )?out|fire|smoke|gas leak|break-?in|stolen|fraud\w*|suspicious|unauthori[sz]ed|declined|bounced|(?:did not|didn't) go through|returned|overdue|past due|late fee|penalty|shut ?off|disconnect\w*|evict\w*|cancel\w*|postpon\w*|delayed|rescheduled|moved|recall\w*|locked out|lost|missing|damage\w*|replac\w*|broken|failed|failing|quit|died|rusted|denied|turned down|rejected|(?:isn't|is not|not|stopped) working|won't start|not safe|unsafe|ready for pick ?up|needs? to be picked up|pick (?:him|her|them) up)\b/i;
/** What a sentence carries that a reader acts on: numbers, amounts (said in words too), clock times, days. */
const FACT_WORDS =
  /\$?\d[\d,:.]*|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tonight|tomorrow|noon|dollars?)\b/gi;

/** A sentence's worth: each number, time or day it carries, and two for saying why the call matters. */
export function sentenceWeight(sentence: string): number {
  return (sentence.match(FACT_WORDS)?.length ?? 0) + (REASON.test(sentence) ? 2 : 0);
}
