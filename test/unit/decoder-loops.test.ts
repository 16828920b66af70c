/**
 * Decoder loops (core/transcripts/decoder-loops.ts): what counts as one (the thresholds issue 17 measured, and a group of
 * digits three times inside a number), and how each is cut back to its first occurrence with one
 * `[unclear]` word where the rest was, the words still spelling the transcript.
 */
import { describe, expect, it } from 'vitest';
import {
  cutLoops,
  isRepetitionLoop,
  longestRepetition,
  MOSTLY_LOOP_SHARE,
  wordsOfText,
} from '#core/transcripts/decoder-loops';
import { type HeardWord, transcriptOf, UNCLEAR_MARK } from '#core/transcripts/heard-words';

describe('a whole voicemail lost to one digit written over and over', () => {
  it('is mostly loop, so the message fails rather than texting the digits', () => {
    const { loopShare } = cutLoops(wordsOfText(`7470${'7'.repeat(95)}`));
    expect(loopShare).toBeGreaterThan(MOSTLY_LOOP_SHARE);
  });

  it('a long number said whole is no loop', () => {
    expect(isRepetitionLoop('Call 18005550199 or 312-555-0147 ext 2207, account 4412 7730')).toBe(false);
  });
});

describe('what counts as a repetition loop', () => {
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
    ['one digit written over and over without a space', `7470${'7'.repeat(95)}`],
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
    ['a group of digits said twice', 'The code is 888-888, extension 1212.'],
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

  // How fast a long one is read is measured by `npm run bench -- hostile` (docs/benchmarks.md), not timed here.
  it('tells a long loop from a long text of many words', () => {
    expect(isRepetitionLoop('word '.repeat(3000))).toBe(true);
    expect(isRepetitionLoop(Array.from({ length: 3000 }, (_, i) => `w${i % 97}`).join(' '))).toBe(false);
  });
});

/** Words of a text, each word's confidence and time from its position (so a test sees which were kept). */
const heard = (text: string): HeardWord[] =>
  text.split(' ').map((word, index) => ({ text: word, confidence: 0.9, at: index }));

describe('a loop is cut back to its first occurrence and marked', () => {
  it.each([
    [
      'inside a written number (the doctor voicemail, Moonshine base at 16 kHz)',
      'Please call us back at 555-888-888-888-888-888-888-888-888-888-888-888 873-0421 to confirm.',
      'Please call us back at 555-888 [unclear] 873-0421 to confirm.',
    ],
    [
      'inside one word that goes on after it',
      'Call 555-873-873-873-873-873-0421 now.',
      'Call 555-873 [unclear] 0421 now.',
    ],
    [
      'a digit group three times, and no more',
      'Call me at 415-555-555-555 please.',
      'Call me at 415-555 [unclear] please.',
    ],
    [
      'a phrase over and over, in the middle of what was said',
      'I will be there at noon, the one who is the one who is the one who is the one who is, see you then.',
      'I will be there at noon, the one who is [unclear] see you then.',
    ],
    [
      'two loops',
      `Hi, this is Dana from the clinic about your appointment on Friday ${'bye '.repeat(8)}then the code is ${'1-2-5, '.repeat(6)}call me back when you can.`,
      'Hi, this is Dana from the clinic about your appointment on Friday bye [unclear] then the code is 1-2-5 [unclear] call me back when you can.',
    ],
  ])('%s', (_what, text, expected) => {
    const cut = cutLoops(heard(text));
    expect(transcriptOf(cut.words)).toBe(expected);
    expect(cut.loopShare).toBeGreaterThan(0);
    expect(cut.loopShare).toBeLessThanOrEqual(MOSTLY_LOOP_SHARE);
  });

  it('the mark is its own word, heard with no confidence, at the time the loop started; the rest keep theirs', () => {
    const words = heard('Call us at 555-888-888-888-888 873-0421 today.');
    const cut = cutLoops(words).words;
    expect(cut).toEqual([
      words[0],
      words[1],
      words[2],
      { ...words[3], text: '555-888' },
      { text: UNCLEAR_MARK, confidence: 0, at: 3 },
      words[4],
      words[5],
    ]);
  });

  it('leaves a transcript without a loop as it is', () => {
    const words = heard('Call me at 555-555-5555, no, no, no, thank you, thank you, thank you.');
    expect(cutLoops(words)).toEqual({ words, loopShare: 0 });
  });

  it('measures how much of the transcript was loop: almost all of it for a decoder lost in a language it does not know', () => {
    const cut = cutLoops(wordsOfText(`Oi, ${'aki '.repeat(40)}`));
    expect(transcriptOf(cut.words)).toBe('Oi, aki [unclear]');
    expect(cut.loopShare).toBeGreaterThan(0.9);
  });

  it('cuts a long loop in a long transcript at once', () => {
    const text = `${Array.from({ length: 2500 }, (_, i) => `w${i % 97}`).join(' ')} ${'word '.repeat(400)}`;
    const cut = cutLoops(wordsOfText(text));
    expect(cut.words.at(-1)!.text).toBe(UNCLEAR_MARK);
    expect(cut.words).toHaveLength(2502);
  });
});
