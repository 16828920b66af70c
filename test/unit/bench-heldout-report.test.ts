/**
 * The urgency benchmark's report (bench/urgency-report.ts) on the held-out sets: their figures must stay apart
 * from the main set's and from each other's, so a mistake the rules make on a phrasing they were not written
 * for is counted and shown under its own set's heading (the fresh set's measures the rules tuned on the first
 * held-out set's mistakes), and the main set's tables read as they did before.
 */
import { describe, expect, it } from 'vitest';
import type { UrgencyLevel } from '#core/urgency/urgency-schema';
import { type Judged, urgencySection } from '../../bench/urgency-report';
import { renderingOf } from '../support/fact-truth';
import type { UrgencyLabel } from '../support/urgency-voicemails';

const ENGINE = 'Moonshine base';

const judged = (id: string, label: UrgencyLabel, level: UrgencyLevel, transcript: string): Judged => ({
  voicemail: { id, label, script: transcript },
  rendering: renderingOf(0),
  engine: ENGINE,
  level,
  reason: level === 'urgent' ? 'a child is sick' : '',
  source: 'rules',
  proposed: null,
  transcript,
  doubted: [],
  first: level === 'urgent' ? `URGENT: ${transcript}` : transcript,
  error: null,
});

const FRESH = '### Fresh held-out set: written after the rules were tuned, without reading them';

const run = (heldOut: readonly Judged[], fresh: readonly Judged[] = []) =>
  urgencySection({
    machine: 'a test machine',
    commit: 'abc1234',
    engines: [ENGINE],
    judged: [judged('sick-son', 'urgent', 'urgent', 'The school nurse, your son has a fever.')],
    heldOut,
    fresh,
    minutes: 1,
  });

describe('the urgency benchmark report', () => {
  it('counts and lists the held-out mistakes under their own heading, apart from the main set', () => {
    // Longer than the main set's quotes (160 characters): the held-out ones are quoted whole.
    const heard =
      "Hey, it's Tom, your landlord. A pipe burst in your unit and water is coming through the ceiling downstairs as we speak. I need to get in to shut the valve. Call me back.";
    const section = run([
      judged('ho-burst-pipe', 'urgent', 'normal', heard),
      judged('ho-card-rate', 'robocall', 'likely_spam', 'Press one to lower your rate.'),
    ]);
    const [main, heldOut] = section.split('### Held out: written without reading the rules');
    expect(main).toContain('None wrong.');
    expect(main).toContain('urgent marked normal (the costly mistake): **0 of 1**');
    expect(heldOut).toContain(
      '2 voicemails of test/support/urgency-heldout.ts (1 urgent, 0 routine, 1 robocall, 0 scam)',
    );
    expect(heldOut).toContain(`#### Held out, ${ENGINE}`);
    expect(heldOut).toContain('urgent marked normal (the costly mistake): **1 of 1**');
    expect(heldOut).toContain(
      `- ho-burst-pipe (urgent; slt, 16 kHz, clean), ${ENGINE}: normal. Heard: "${heard}"`,
    );
    expect(heldOut).not.toContain('ho-card-rate (');
  });

  it("counts and lists the fresh set's mistakes under their own heading, after the held-out set's", () => {
    const heard =
      "Hi, it's Jen, your dog sitter. Max got into a bag of chocolate on the counter and ate most of it. The vet says he needs to come in now. Can I take him? Please call me back.";
    const section = run(
      [judged('ho-card-rate', 'robocall', 'likely_spam', 'Press one to lower your rate.')],
      [
        judged('fr-dog-chocolate', 'urgent', 'normal', heard),
        judged('fr-dinner-tonight', 'routine', 'urgent', 'Are we still on for dinner tonight?'),
        judged('fr-bank-code', 'scam', 'likely_spam', 'Read us that code.'),
      ],
    );
    expect(section).toContain('1.0 minutes (three sets)');
    const [before, fresh] = section.split(FRESH);
    const heldOut = before?.split('### Held out: written without reading the rules')[1];
    expect(heldOut).toContain('None wrong.');
    expect(heldOut).toContain('urgent marked normal (the costly mistake): **0 of 0**');
    expect(fresh).toContain(
      '3 voicemails of test/support/urgency-fresh.ts (1 urgent, 1 routine, 0 robocall, 1 scam)',
    );
    expect(fresh).toContain(`#### Fresh held-out set, ${ENGINE}`);
    expect(fresh).toContain('urgent marked normal (the costly mistake): **1 of 1**');
    expect(fresh).toContain('normal marked urgent: **1 of 1**');
    expect(fresh).toContain(
      `- fr-dog-chocolate (urgent; slt, 16 kHz, clean), ${ENGINE}: normal. Heard: "${heard}"`,
    );
    expect(fresh).not.toContain('ho-card-rate');
    expect(fresh).not.toContain('fr-bank-code (');
  });

  it('writes no held-out tables when those sets were not run', () => {
    const section = run([]);
    expect(section).not.toContain('Held out');
    expect(section).not.toContain('Fresh held-out set');
    expect(section).not.toContain('sets)');
  });

  it('writes the fresh tables alone when only the fresh set was run', () => {
    const section = run([], [judged('fr-solar', 'robocall', 'likely_spam', 'Press one now.')]);
    expect(section).not.toContain('### Held out');
    expect(section).toContain(FRESH);
    expect(section).toContain('1.0 minutes (two sets)');
  });
});
