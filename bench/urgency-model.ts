/**
 * The urgency the simulated OpenAI answers (bench/facts-openai.ts, bench/urgency.ts): a model that takes the
 * caller's words at face value, as a hurried reader would. A press-1 menu, a prize or a warranty is spam to
 * it; any word of haste ("immediately", "today", "final notice", "urgent") makes a message urgent, scams'
 * fake urgency included; the rest is normal. What the benchmark measures is what the pipeline's check
 * (core/urgency/urgency.ts `checkedUrgency`) makes of such answers, not how well a real model judges.
 */
import type { UrgencyLevel } from '#core/urgency/urgency-schema';

const SPAM = /\b(press (?:one|1)|you'?ve won|warranty)\b/;
const HASTE =
  /\b(urgent|urgently|immediately|right away|as soon as|asap|emergency|hospital|sick|fever|today|tonight|final notice|now)\b/;

export function simulatedUrgency(transcript: string): { urgency: UrgencyLevel; urgency_reason: string } {
  const text = transcript.toLowerCase().replace(/\{\?|\?\}/g, '');
  if (SPAM.test(text)) return { urgency: 'likely_spam', urgency_reason: 'a recorded sales call' };
  if (HASTE.test(text)) return { urgency: 'urgent', urgency_reason: 'the caller asks for quick action' };
  return { urgency: 'normal', urgency_reason: '' };
}
