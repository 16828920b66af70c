/**
 * The "heard" benchmark's section (bench/heard-report.ts): each goal of issue 32 counted "x of n" over the right
 * voicemails (callers over those with a name, cards over those with a caller and a number, files for spam
 * as wrong), for the whole set and for each recording group, and every problem listed with its text.
 */
import { describe, expect, it } from 'vitest';
import { contactCard } from '#core/cards/contact-card';
import type { PageEvent, PageFile } from '../../bench/heard-files';
import { heardSection, type Scored } from '../../bench/heard-report';
import { type HeardRun, scoreHeard } from '../../bench/heard-score';
import { arrivalIn } from '../../bench/heard-setup';
import { HEARD_DEV_VOICEMAILS } from '../support/heard-dev-voicemails';

const ZONE = 'America/Chicago';
const ARRIVAL = arrivalIn(ZONE);
const NO_FILE: PageFile = { offered: false, body: null, reason: 'none was heard well enough' };
const NO_EVENT: PageEvent = { ...NO_FILE, startsAt: null, timeZone: null, title: null };

const scored = (id: string, first: string, changes: Partial<HeardRun> = {}): Scored => {
  const voicemail = HEARD_DEV_VOICEMAILS.find((v) => v.id === id)!;
  const run: HeardRun = {
    voicemailId: id,
    rendering: { voice: 'slt', band: 'wav-16k', noiseSnrDb: null },
    sender: '+13125550100',
    zone: ZONE,
    receivedAt: ARRIVAL,
    first: `Voice Summary: ${first}`,
    texts: 1,
    transcript: first,
    urgency: 'normal',
    urgencyReason: '',
    audioSeconds: 12,
    firstTextSeconds: 2,
    contact: NO_FILE,
    event: NO_EVENT,
    error: null,
    ...changes,
  };
  return { run, voicemail, score: scoreHeard(run, voicemail) };
};

const NOISY = { voice: 'rms', band: 'amr-nb-8k', noiseSnrDb: 10 } as const;
const card = (name: string | null, organization: string | null, number: string): PageFile => ({
  offered: true,
  body: contactCard({ name, organization, number, receivedAt: ARRIVAL, timeZone: ZONE }),
  reason: null,
});

const section = (runs: readonly Scored[]) =>
  heardSection({ heading: '## Heard', machine: 'machine', about: 'about', scored: runs });
const row = (markdown: string, title: string) =>
  markdown.split('\n').find((line) => line.startsWith(`| ${title}`));

describe('the heard section', () => {
  const runs = [
    scored('dentist-monday', 'Jenna from Lakeside Dental: Cleaning Monday at 10. Call back: (312) 555-0147', {
      contact: card('Jenna', 'Lakeside Dental', '312-555-0147'),
    }),
    scored('dentist-monday', 'Jennifer from Lakeside Dental: Cleaning Monday at 10.', { rendering: NOISY }),
    scored('warranty-robocall', 'Likely a recorded sales call: an extended warranty offer.', {
      urgency: 'likely_spam',
      contact: card(null, 'Warranty Services', '800-555-0199'),
    }),
    scored('nurse-fever', 'Karen, the school nurse at Lincoln Elementary: Leo has a fever.', {
      rendering: NOISY,
    }),
  ];
  const markdown = section(runs);

  it('has a column for all and one for each recording group', () => {
    expect(markdown).toContain('| | all (4) | 16 kHz, clean (2) | AMR-NB 8 kHz, noise 10 dB (2) | goal |');
  });

  it('counts callers over the voicemails with a name, and a misheard name as a wrong fact', () => {
    expect(row(markdown, 'Callers named right')).toContain('| 2 of 3 (67%) | 1 of 1 (100%) | 1 of 2 (50%) |');
    expect(row(markdown, 'Facts wrong')).toContain('| 1 (0 invented) |');
  });

  it('counts cards over the voicemails with a caller and a number, and a card for spam as wrong', () => {
    expect(row(markdown, 'Contact card right')).toContain('| 1 of 3 (33%); wrong 1 (1 for spam), none 2 |');
    expect(row(markdown, 'Files offered for spam')).toContain('| 1 (1 spam recording) |');
  });

  it("counts the engine's ceiling: the caller's name and number in the transcript, whatever was stated", () => {
    // The transcripts are the texts here: "Jennifer" is not Jenna, and only the first gives the number.
    expect(row(markdown, "The engine's ceiling: the caller's name")).toContain('| 2 of 3 (67%) |');
    expect(row(markdown, "The engine's ceiling: the callback number")).toContain('| 1 of 4 (25%) |');
    const spoken = scored(
      'dentist-monday',
      'Jenna(?): call us at three one two, five five five, oh one four seven.',
      {
        transcript: "Hi, it's Jenna. Call us at three one two, five five five, 0147.",
      },
    );
    expect(spoken.score.inTranscript).toEqual({ name: true, number: true });
  });

  it('counts an urgent voicemail shown as normal as missed, and lists it with its text', () => {
    expect(row(markdown, 'Urgent missed')).toContain('| 1 of 1 |');
    expect(markdown).toMatch(
      /- \*\*nurse-fever\*\* \(rms, AMR-NB 8 kHz, noise 10 dB, 12\.0 s\): urgent missed/,
    );
    expect(markdown).toContain(
      '  - first text: Voice Summary: Karen, the school nurse at Lincoln Elementary',
    );
  });
});
