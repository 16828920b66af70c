import { describe, expect, it } from 'vitest';
import type { HeardWord } from '#core/transcripts/heard-words';
import { LISTEN_LEAD_SECONDS, placeWords, spokenWeight } from '#core/transcripts/word-times';

const heard = (text: string): HeardWord[] =>
  text.split(' ').map((word) => ({ text: word, confidence: 0.9, at: 3 }));

describe('where each word of a piece was said', () => {
  it('a number said 8 s into a 15-second piece is placed near 8 s, not at the start of the piece', () => {
    // Steady speech from 0 to 15 s; the number's share of the words puts it about half way.
    const words = placeWords(
      heard(
        'Hi, this is Jenna from Lakeside Dental about your cleaning on Friday. Please call us back at 206-555-0142 before five today, thanks so much, bye.',
      ),
      [{ start: 0, end: 15 }],
    );
    const number = words.find((word) => word.text === '206-555-0142')!;
    expect(number.at).toBeGreaterThan(6);
    expect(number.at).toBeLessThan(9);
    expect(words[0]!.at).toBe(0);
    // In order, and each a little before where its share of the speech puts it.
    for (const [index, word] of words.slice(1).entries())
      expect(word.at!).toBeGreaterThanOrEqual(words[index]!.at!);
  });

  it('skips the pauses between stretches of speech', () => {
    const words = placeWords(heard('aaaa bbbb cccc dddd'), [
      { start: 10, end: 12 },
      { start: 20, end: 22 },
    ]);
    // The last two words are in the second stretch, not in the silence between.
    expect(words[2]!.at).toBeCloseTo(20 - LISTEN_LEAD_SECONDS, 5);
    expect(words[0]!.at).toBe(10);
  });

  it('weighs a digit as a spoken word, and punctuation as nothing', () => {
    expect(spokenWeight('7')).toBe(spokenWeight('seven') - 1);
    expect(spokenWeight('Friday,')).toBe(spokenWeight('Friday'));
  });

  it('leaves words as they are when there is no speech to lay them on', () => {
    const words = heard('hello there');
    expect(placeWords(words, [])).toEqual(words);
  });
});
