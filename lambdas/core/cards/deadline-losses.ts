/**
 * What a time to act by keeps from being lost (issue 32, the eighth held-out set): "Your unit is scheduled for
 * lien sale tomorrow at nine. To stop the sale, a payment must be made by five today", "Concrete truck shows up
 * at one ... I need you out here before noon or the truck goes back". The deadline's sentence names the thing
 * ("the sale", "the truck"); a sentence before it that says when that thing happens says when it is lost, not
 * the time to keep (core/cards/kept-sentences.ts, `beforeTheLoss`).
 */

/** A time to act by: where its time is said (-1: none) and the things its sentence says it keeps from happening. */
export type Deadline = { readonly at: number; readonly losses: ReadonlySet<string> };

export const NO_DEADLINE: Deadline = { at: -1, losses: new Set() };

/** "to stop the sale", "to avoid the fee", "or the truck goes back", "otherwise the unit": what follows is the loss. */
const STOPS = new Set(['stop', 'avoid', 'prevent', 'halt']);

/** A word before the thing lost: "the late fee", "the whole order". */
const ADJECTIVES = new Set(['late', 'new', 'whole', 'final', 'first', 'old', 'big', 'full', 'next']);

/** Words that follow "the" but name nothing lost. */
const NOT_A_THING = new Set(['same', 'other', 'rest', 'end', 'day', 'time', 'way', 'office', 'number']);

/** The things named as lost in the deadline's sentence (`words`: the text's bare words; [start, end): the sentence). */
export function lossesNamed(words: readonly string[], start: number, end: number): Set<string> {
  const losses = new Set<string>();
  for (let at = start; at < end - 1; at++) {
    const word = words[at] ?? '';
    const before = words[at - 1] ?? '';
    const leads =
      (STOPS.has(word) && before === 'to') ||
      ((word === 'or' || word === 'otherwise') && words[at + 1] !== 'if') ||
      (word === 'else' && before === 'or');
    if (!leads) continue;
    // "to stop the sale", "or the truck", "to avoid the late fee": the article, then the thing (past one
    // adjective). One word: "or the office will call you" names the office, not "will".
    const article = ['the', 'your', 'our'].includes(words[at + 1] ?? '') ? at + 2 : -1;
    if (article < 0 || article >= end) continue;
    const thing = ADJECTIVES.has(words[article] ?? '') ? words[article + 1] : words[article];
    if (thing && !NOT_A_THING.has(thing)) losses.add(thing);
  }
  return losses;
}
