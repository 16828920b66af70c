/**
 * The honesty rule as pure functions: the verdict on an offline transcript from its signals, at the
 * thresholds docs/local-transcription.md measured (loops themselves: decoder-loops.test.ts). The real engine
 * on real clips is in test/integration/honest-offline.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { composeFailureNotice } from '#core/texts/service-texts';
import {
  judgeTranscript,
  signalsSummary,
  type TranscriptSignals,
  transcriptSignals,
} from '#core/transcripts/transcript-quality';
import { POSSIBLY_UNRELIABLE } from '#core/transcripts/transcript-warnings';

const ENGLISH: TranscriptSignals = {
  meanLogProb: -0.15,
  lowProbShare: 0.05,
  tokensPerSecond: 4,
  nonLatinShare: 0,
  musicNotes: false,
  loop: false,
};

describe('the verdict on an offline transcript', () => {
  it('is ok for confident English', () => {
    expect(judgeTranscript(ENGLISH)).toBe('ok');
  });

  it('is doubtful for English the decoder was unsure of (noisy audio), which is sent with the note', () => {
    expect(judgeTranscript({ ...ENGLISH, meanLogProb: -0.64, lowProbShare: 0.41 })).toBe('doubtful');
    expect(judgeTranscript({ ...ENGLISH, lowProbShare: 0.3 })).toBe('doubtful');
    expect(POSSIBLY_UNRELIABLE).toBe('possibly unreliable');
  });

  it.each([
    ['very unsure tokens', { meanLogProb: -1.1, lowProbShare: 0.6 }],
    ['unsure tokens and a decoder that never stopped', { meanLogProb: -0.6, tokensPerSecond: 6 }],
    ['a loop', { loop: true }],
    ['music notes', { musicNotes: true }],
    ['letters of another script', { nonLatinShare: 1 }],
  ])('is not English for %s', (_what, changes) => {
    expect(judgeTranscript({ ...ENGLISH, ...changes })).toBe('not-english');
  });

  it('counts the signals from the decoder output', () => {
    const signals = transcriptSignals({
      text: '♪ I am your happier ♪ 吗吗',
      tokenLogProbs: [Math.log(0.9), Math.log(0.2), Math.log(0.8), Math.log(0.1)],
      speechSeconds: 2,
    });
    expect(signals.meanLogProb).toBeCloseTo(
      (Math.log(0.9) + Math.log(0.2) + Math.log(0.8) + Math.log(0.1)) / 4,
    );
    expect(signals).toMatchObject({ lowProbShare: 0.5, tokensPerSecond: 2, musicNotes: true, loop: false });
    expect(signals.nonLatinShare).toBeCloseTo(2 / 16);
  });

  it('counts a transcript as a loop when the loop is most of it, not when a number inside it looped', () => {
    const signals = (text: string) =>
      transcriptSignals({ text, tokenLogProbs: [Math.log(0.9)], speechSeconds: 20 });
    expect(signals(`Oi, ${'aki '.repeat(12)}`).loop).toBe(true);
    expect(
      signals(
        "Hi, this is Rebecca calling from Dr. Patel's office. Please call us back at 555-888-888-888-888-888-888 873-0421 to confirm which one works for you.",
      ).loop,
    ).toBe(false);
  });

  it('explains itself on the card and tells the sender the truth in one segment', () => {
    const card = signalsSummary({ ...ENGLISH, meanLogProb: -1.2, musicNotes: true });
    expect(card).toMatch(/another language.*-1\.20.*music notes.*English only.*OpenAI key/);
    const notice = composeFailureNotice('not-english', 'Voice Summary');
    expect(notice).toBe(
      'Voice Summary: Sorry, your voice message could not be processed: it seems to be in another language; without cloud transcription we understand English only.',
    );
  });
});
