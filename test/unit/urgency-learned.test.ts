/**
 * The learned half of the urgency second opinion (issue 32): a model trained on the read voicemail sets that
 * may only raise the rules' normal, never past a sign of spam or the caller's own "no big deal", naming a
 * kind only when one came near. Its weights are trained on exactly the read sets (never one nobody has read),
 * and with the real sentence encoder it hears an urgent call in words no rule and no prototype has.
 */
import { describe, expect, it } from 'vitest';
import { urgencyOf } from '#core/urgency/urgency';
import { URGENT_KINDS } from '#core/urgency/urgency-kinds';
import { LEARNED_BAR, learnedScore, learnedText } from '#core/urgency/urgency-learned';
import { LEARNED_REASON, NEAR_ENOUGH, raisedUrgency } from '#core/urgency/urgency-opinion';
import type { Urgency } from '#core/urgency/urgency-schema';
import { SET_ABOUT } from '../../bench/heard-sets-about';
import {
  fingerprint,
  TRAINING_SETS,
  trainingExamples,
  URGENCY_TRAINING_SETS,
} from '../../bench/urgency-learn-data';
import {
  SentenceEncoder,
  URGENCY_MODEL,
  URGENCY_MODEL_TRAINED_ON,
} from '../../lambdas/adapters/offline/sentence-encoder';
import { withSecondOpinion } from '../../lambdas/use-cases/pipeline/urgency-opinion';

const normal: Urgency = { level: 'normal', reason: '', source: 'rules' };
const heard = (text: string) => ({ text, words: null });
const sure = LEARNED_BAR + 0.1;

describe('the learned opinion only raises normal', () => {
  it('raises a normal message it is sure of, naming the nearest kind only when one came near', () => {
    expect(raisedUrgency(normal, false, null, sure)).toEqual({
      level: 'urgent',
      reason: LEARNED_REASON,
      source: 'meaning',
    });
    // Near a kind but not clearly nearer than calm: the kind names why, the model decides that it is urgent.
    const nearPet = { kind: 'pet', urgent: NEAR_ENOUGH + 0.02, calm: NEAR_ENOUGH, spam: 0.2 };
    expect(raisedUrgency(normal, false, nearPet, sure).reason).toBe(URGENT_KINDS.pet!.reason);
    // Nearer spam than the kind: no kind is named.
    expect(raisedUrgency(normal, false, { ...nearPet, spam: 0.7 }, sure).reason).toBe(LEARNED_REASON);
  });

  it('keeps normal below its bar, with any sign of spam, and never touches urgent or spam', () => {
    const urgent: Urgency = { level: 'urgent', reason: 'a child is sick or hurt', source: 'rules' };
    const spam: Urgency = { level: 'likely_spam', reason: 'a press-1 menu', source: 'rules' };
    expect(raisedUrgency(normal, false, null, LEARNED_BAR - 0.01)).toBe(normal);
    expect(raisedUrgency(normal, false, null, null)).toBe(normal);
    expect(raisedUrgency(normal, true, null, 0.99)).toBe(normal);
    expect(raisedUrgency(urgent, false, null, 0.01)).toBe(urgent);
    expect(raisedUrgency(spam, false, null, 0.99)).toBe(spam);
  });

  it('scores a vector of the wrong size as not urgent, and reads a hostile transcript cut short', () => {
    expect(learnedScore([1, 2, 3], URGENCY_MODEL)).toBe(0);
    expect(learnedText('call me now '.repeat(5000)).split(' ')).toHaveLength(200);
  });
});

describe('what it was trained on', () => {
  it('is the read sets as they are now: change a set, and the model must be trained again', () => {
    expect(URGENCY_MODEL_TRAINED_ON.fingerprint).toBe(fingerprint(trainingExamples()));
    expect(URGENCY_MODEL_TRAINED_ON.sets).toEqual([
      ...Object.keys(TRAINING_SETS),
      ...Object.keys(URGENCY_TRAINING_SETS),
    ]);
    // The urgency benchmark's fresh set measures the model; it never trains it.
    expect(URGENCY_MODEL_TRAINED_ON.sets).not.toContain('urgency-fresh');
    expect(URGENCY_MODEL.weights).toHaveLength(512);
  });

  it('never a set nobody has read yet', () => {
    const unread = Object.entries(SET_ABOUT)
      .filter(([, about]) => about.includes('not read by anyone'))
      .map(([set]) => set);
    expect(unread.length).toBeGreaterThan(0);
    for (const set of unread) expect(Object.keys(TRAINING_SETS)).not.toContain(set);
  });
});

describe('with the real sentence encoder', { timeout: 180_000 }, () => {
  const encoder = new SentenceEncoder();
  const judged = async (text: string) => withSecondOpinion(encoder, heard(text), urgencyOf(heard(text)));

  it('hears a child who needs a parent in words no rule and no prototype has', async () => {
    const rash =
      "Hi it's Jess, the sitter. Max has a rash all over his arms that wasn't there at lunch and he keeps scratching it. Can you call me?";
    expect(urgencyOf(heard(rash)).level).toBe('normal');
    expect(await judged(rash)).toEqual({ level: 'urgent', reason: LEARNED_REASON, source: 'meaning' });
  });

  it('does not take a fake computer alert the rules let through for something urgent', async () => {
    const alert =
      'This is micro-sophistic technical support. The virus on your computer is sending your bank details to hackers. Do not turn off your computer. Call us back.';
    expect(urgencyOf(heard(alert)).level).toBe('normal');
    expect((await judged(alert)).level).toBe('normal');
  });

  it('leaves an ordinary call, and a delay the caller calls no big deal, normal', async () => {
    for (const calm of [
      "Hi it's Carla from the bakery, your cake order is ready, come get it whenever you like this week.",
      "Hey, it's Dan. My flight's running about twenty minutes late, no big deal. I'll grab a cab, don't wait up.",
    ])
      expect((await judged(calm)).level).toBe('normal');
  });
});
