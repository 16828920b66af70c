/**
 * The urgency benchmark's report (bench/urgency-report.ts) on the held-out set: its figures must stay apart
 * from the main set's, so a mistake the rules make on a phrasing they were not written for is counted and
 * shown under "Held out", and the main set's tables read as they did before.
 */
import { describe, expect, it } from 'vitest';
import { type Judged, urgencySection } from '../../bench/urgency-report';
import type { UrgencyLevel } from '../../lambdas/core/urgency-schema';
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

const run = (heldOut: readonly Judged[]) =>
  urgencySection({
    machine: 'a test machine',
    commit: 'abc1234',
    engines: [ENGINE],
    judged: [judged('sick-son', 'urgent', 'urgent', 'The school nurse, your son has a fever.')],
    heldOut,
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

  it('writes no held-out tables when the set was not run', () => {
    expect(run([])).not.toContain('Held out');
  });
});
