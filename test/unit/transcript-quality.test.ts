/**
 * The honesty rule as pure functions: what counts as a repetition loop (never sent, from any engine), and
 * the verdict on an offline transcript from its signals, at the thresholds docs/local-transcription.md
 * measured. The real engine on real clips is in test/integration/honest-offline.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { composeFailureNotice } from '../../lambdas/core/reply';
import {
  isRepetitionLoop,
  judgeTranscript,
  longestRepetition,
  signalsSummary,
  type TranscriptSignals,
  transcriptSignals,
} from '../../lambdas/core/transcript-quality';
import { POSSIBLY_UNRELIABLE } from '../../lambdas/core/transcript-warnings';

describe('a repetition loop', () => {
  it.each([
    ['one word over and over (Portuguese heard by an English model)', `Oi, ${'aki '.repeat(12)}`],
    [
      'a numbered phrase over and over (Mandarin)',
      '10-3k3, 1-2-1, way, 10-2-0, 1-2-1, 1-2-5, 1-2-5, 1-2-5, 1-2-5...',
    ],
    [
      'a phrase over and over (French)',
      'The one who is the one who is the one who is the one who is the one',
    ],
    ['one word six times', 'Namaste, Merapur, Bali, Bali, Bali, Bali, Bali, Bali'],
    ['one digit past any phone number', `Call ${'five '.repeat(12)}`],
    ['characters of another script', '吗? 吗? 吗? 吗? 吗? 吗? 吗?'],
    [
      'a loop next to a longer phrase said twice',
      'call me at the office on monday call me at the office on monday aki aki aki aki aki aki',
    ],
  ])('is found in %s', (_what, text) => {
    expect(isRepetitionLoop(text)).toBe(true);
  });

  it.each([
    ['a voicemail', 'Hi this is John. Please call me back at 415-267-1234 after 3 pm tomorrow.'],
    ['a word said three times', 'No, no, no, the meeting is on Thursday, not Friday.'],
    ['a phrase said three times', 'Thank you, thank you, thank you so much for the flowers.'],
    ['a phone number with repeated digits', 'Call me at 555-555-5555 or 1-1-1-1.'],
    [
      'a phone number read out digit by digit',
      'Call me back at five five five, five five five five, or 1 5 5 5 5 5 5 5 5 5 5.',
    ],
    [
      'a long transcript with common words',
      'the meeting is at the office and the office is at the mall and the mall is near the park',
    ],
    ['nothing', ''],
  ])('is not found in %s', (_what, text) => {
    expect(isRepetitionLoop(text)).toBe(false);
  });

  it('names the phrase and how many times it ran', () => {
    expect(longestRepetition('so 1-2-5, 1-2-5, 1-2-5, 1-2-5 then')).toEqual({
      ngram: ['1', '2', '5'],
      repeats: 4,
    });
    expect(longestRepetition('every word differs here')).toBeNull();
  });

  it('takes a long transcript in a few milliseconds', () => {
    const start = performance.now();
    expect(isRepetitionLoop('word '.repeat(3000))).toBe(true);
    expect(isRepetitionLoop(Array.from({ length: 3000 }, (_, i) => `w${i % 97}`).join(' '))).toBe(false);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

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

  it('explains itself on the card and tells the sender the truth in one segment', () => {
    const card = signalsSummary({ ...ENGLISH, meanLogProb: -1.2, musicNotes: true });
    expect(card).toMatch(/another language.*-1\.20.*music notes.*English only.*OpenAI key/);
    const notice = composeFailureNotice('not-english', 'Voice Summary');
    expect(notice).toBe(
      'Voice Summary: Sorry, your voice message could not be processed: it seems to be in another language; without cloud transcription we understand English only.',
    );
  });
});
