/**
 * The urgency rules in linear time (issue 31): reading a transcript once (core/urgency/urgency-reading.ts)
 * gives exactly what the quadratic reading it replaced gave (kept as test/support/urgency-oracle.ts): the same
 * level, reason and source, by the rules alone and checking each kind of model answer, on thousands of random
 * voicemails made of the pieces the rules react to, and on hostile ones. How fast is the benchmark's to say
 * (npm run bench -- hostile), not a test's.
 */
import { describe, expect, it } from 'vitest';
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import { checkedUrgency, type ProposedUrgency, urgencyOf } from '#core/urgency/urgency';
import type { Urgency } from '#core/urgency/urgency-schema';
import {
  HOSTILE_SHAPES,
  heardTranscript,
  pick,
  randomUrgencyTranscript,
  seededRandom,
} from '../support/hostile-transcripts';
import * as before from '../support/urgency-oracle';

/** What a summary model may propose: nothing, each level, a reason the rules keep or refuse. */
const PROPOSALS: readonly (ProposedUrgency | null)[] = [
  null,
  { level: 'urgent', reason: 'the caller needs an answer' },
  { level: 'normal', reason: '' },
  { level: 'likely_spam', reason: 'sounds like a robocall' },
  { level: 'urgent', reason: 'call 415-555-0132 now' },
];

function expectSameAsBefore(
  heard: HeardTranscript,
  proposed: ProposedUrgency | null,
  english: boolean,
): void {
  const what = `${heard.text} / ${JSON.stringify(proposed)}`;
  expect(urgencyOf(heard), what).toEqual(before.urgencyOf(heard));
  expect(checkedUrgency(heard, proposed, english), what).toEqual(
    before.checkedUrgency(heard, proposed, english),
  );
}

// Issue 32's cues by kind add work to both readings: on two shared cores the random rounds took over 5 s.
describe('the urgency rules decide as before', { timeout: 30_000 }, () => {
  it('on 1,500 random voicemails, with each kind of model answer', () => {
    const random = seededRandom(25);
    for (let round = 0; round < 1500; round++) {
      const heard = randomUrgencyTranscript(random, 1 + Math.floor(random() * 80));
      expectSameAsBefore(heard, pick(random, PROPOSALS), random() < 0.9);
    }
  });

  it('on long random voicemails of many sentences', () => {
    const random = seededRandom(31);
    for (let round = 0; round < 40; round++) {
      expectSameAsBefore(randomUrgencyTranscript(random, 800), pick(random, PROPOSALS), true);
    }
  });

  it.each(HOSTILE_SHAPES.map((shape) => [shape.name, shape] as const))('on %s, 600 words', (_name, shape) => {
    for (const proposed of PROPOSALS) expectSameAsBefore(heardTranscript(shape.words(600)), proposed, true);
  });
});

describe('20,000 hostile words get the answers the old rules gave', () => {
  const normal = { level: 'normal', reason: '', source: 'rules' } as const;
  const sickChild = { level: 'urgent', reason: 'a child is sick or hurt' } as const;
  const emergency = { level: 'urgent', reason: 'an emergency' } as const;
  const crypto = {
    level: 'likely_spam',
    reason: 'asks for payment in cryptocurrency',
    source: 'rules',
  } as const;
  /**
   * What the quadratic rules answered for 20,000 words of each shape (measured once with the oracle, 0.1 to
   * 156 s each on a loaded machine): by the rules alone, and checking a model's "urgent".
   */
  const ANSWERS: Readonly<Record<string, readonly [Urgency, Urgency]>> = {
    'one-sentence': [normal, normal],
    'repeated-phrase': [normal, normal],
    'every-word-a-cue': [crypto, crypto],
    'one-word': [normal, normal],
    'no-punctuation': [
      { ...sickChild, source: 'rules' },
      { ...sickChild, source: 'model' },
    ],
    'many-loops': [normal, normal],
    'digit-groups': [
      { ...emergency, source: 'rules' },
      { ...emergency, source: 'model' },
    ],
  };

  it.each(HOSTILE_SHAPES.map((shape) => [shape.name, shape] as const))('%s', (name, shape) => {
    const heard = heardTranscript(shape.words(20_000));
    expect([urgencyOf(heard), checkedUrgency(heard, PROPOSALS[1]!)]).toEqual(ANSWERS[name]);
  });
});
