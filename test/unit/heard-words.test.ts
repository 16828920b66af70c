/**
 * Confidence travels with the words (issue 24): an engine's tokens become the transcript's words, each with
 * the probability of its least likely token (core/transcripts/token-words.ts), and the SPELL correction rewrites the
 * words with the text, so the words always spell the transcript. How the words are kept in the message's
 * item (adapters/aws/stored-words.ts) is here too: its form is pure.
 */
import llamaTokenizer from 'llama-tokenizer-js';
import { describe, expect, it } from 'vitest';
import { type HeardWord, isDoubtful, transcriptOf } from '#core/transcripts/heard-words';
import { correctSpelling, correctWordsSpelling } from '#core/transcripts/spelling-correction';
import { placedBySentence, type ScoredToken, wordsFromTokens } from '#core/transcripts/token-words';
import { packWords, unpackWords } from '../../lambdas/adapters/aws/stored-words';
import { everydayWords } from '../../lambdas/adapters/offline/contextual-bias';
import { doubleMetaphonePhonetics } from '../../lambdas/adapters/phonetic/double-metaphone-phonetics';

const SURE = Math.log(0.97);
const utf8 = new TextEncoder();

/** Tokens as the engine wrote them, each with its probability (default: sure). */
const tokens = (...pieces: readonly (string | readonly [string, number])[]): ScoredToken[] =>
  pieces.map((piece) =>
    typeof piece === 'string'
      ? { bytes: utf8.encode(piece), logProb: SURE }
      : { bytes: utf8.encode(piece[0]), logProb: Math.log(piece[1]) },
  );

/** Moonshine's pieces as the adapter hands them over: "▁" is a space. */
const moonshine = (text: string, doubtful: Record<number, number> = {}) =>
  tokens(
    ...llamaTokenizer.encode(text, false, false).map((id: number, index: number) => {
      const piece = llamaTokenizer.vocabById[id]!.replaceAll('▁', ' ');
      return doubtful[index] === undefined ? piece : ([piece, doubtful[index]] as const);
    }),
  );

const texts = (words: readonly HeardWord[]) => words.map((word) => word.text);

describe('tokens to words', () => {
  it('Moonshine: "▁" starts a word; a phone number, a time and punctuation stay inside theirs', () => {
    const words = wordsFromTokens(moonshine(' Hi, call me at 555-873-0421 on Friday, at 9am.'), 12.4);
    expect(texts(words)).toEqual(['Hi,', 'call', 'me', 'at', '555-873-0421', 'on', 'Friday,', 'at', '9am.']);
    expect(words.every((word) => word.at === 12.4 && !isDoubtful(word))).toBe(true);
  });

  it('OpenAI: a leading space starts a word; digits come three to a token', () => {
    const words = wordsFromTokens(
      tokens('Call', ' 555', '-', '873', '-', '042', '1', '.', ' Thanks', '!'),
      null,
    );
    expect(transcriptOf(words)).toBe('Call 555-873-0421. Thanks!');
    expect(words.map((word) => word.at)).toEqual([null, null, null]);
  });

  it('a character written as bytes across tokens (byte fallback) is one word', () => {
    const bytes = [...utf8.encode('é')];
    const words = wordsFromTokens(
      [
        { bytes: utf8.encode(' caf'), logProb: SURE },
        { bytes: [bytes[0]!], logProb: SURE },
        { bytes: [bytes[1]!], logProb: SURE },
        { bytes: utf8.encode(' open'), logProb: SURE },
      ],
      0,
    );
    expect(texts(words)).toEqual(['café', 'open']);
  });

  it('no tokens, or only spaces, make no words', () => {
    expect(wordsFromTokens([], 0)).toEqual([]);
    expect(wordsFromTokens(tokens(' ', '  '), 0)).toEqual([]);
  });
});

describe("a word's confidence", () => {
  it('one misheard digit makes the whole phone number doubtful', () => {
    // " 555-228-1000" with the "2" after the dash at 0.14, as Moonshine heard the doctor's 873 at 8 kHz.
    const words = wordsFromTokens(
      tokens(' 5', '5', '5', '-', ['2', 0.14], '2', '8', '-', '1', '0', '0', '0'),
      0,
    );
    expect(words).toHaveLength(1);
    expect(words[0]!.confidence).toBeCloseTo(0.14, 2);
    expect(isDoubtful(words[0]!)).toBe(true);
  });

  it('is its least likely token: a word is as doubtful as its weakest part', () => {
    const [word] = wordsFromTokens(tokens(' Jen', ['na', 0.3]), 0);
    expect(word!.confidence).toBeCloseTo(0.3, 5);
  });

  it('doubt about punctuation (a comma or a period, a dash between digits) does not shade the word', () => {
    const words = wordsFromTokens(
      tokens(' Friday', [',', 0.4], ' 555', ['-', 0.42], '873', [' -', 0.3], ' bye', ['.', 0.4]),
      0,
    );
    expect(texts(words)).toEqual(['Friday,', '555-873', '-', 'bye.']);
    expect(words.map(isDoubtful)).toEqual([false, false, true, false]);
  });

  it('a long number heard well is not shaded for its length (twelve tokens at 0.95 each)', () => {
    const digits = ' 555-214-3390'.split(/(?=[\d-])/).map((piece) => [piece, 0.95] as const);
    const [word] = wordsFromTokens(tokens(...digits), 0);
    expect(word).toMatchObject({ text: '555-214-3390', confidence: 0.95 });
    expect(isDoubtful(word!)).toBe(false);
  });
});

describe('a time for each word without times from the engine (OpenAI)', () => {
  const words = (text: string) => text.split(' ').map((word) => ({ text: word, confidence: 1, at: null }));

  it("each sentence's words at where the sentence starts, by its share of the text, rounded down", () => {
    // 20 characters, then 20 more: the second sentence starts half way through a 10-second recording.
    const placed = placedBySentence(words('Hi, this is Dana ok. Call me back now!!'), 10);
    expect(placed.map((word) => word.at)).toEqual([0, 0, 0, 0, 0, 5.3, 5.3, 5.3, 5.3]);
    expect(transcriptOf(placed)).toBe('Hi, this is Dana ok. Call me back now!!');
  });

  it('an unknown length gives no times', () => {
    expect(placedBySentence(words('Hi there.'), null).map((word) => word.at)).toEqual([null, null]);
  });
});

describe('the SPELL correction rewrites the words with the text', () => {
  const options = {
    phonetics: doubleMetaphonePhonetics,
    isCommonWord: everydayWords(llamaTokenizer.vocabById),
  };
  const heard = (text: string, confidence: (word: string) => number = () => 0.95) =>
    text
      .split(' ')
      .map((word, index) => ({ text: word, confidence: confidence(word), at: index < 4 ? 0 : 14 }));

  it.each([
    ['Hi, this is Shao Bong Kao Chick from the billing office.', ['Siobhan', 'Kowalczyk']],
    ['Why check said the delivery for Zocchital is at the desk.', ['Xochitl']],
    ["The parcel is at Zocchetola's, (Zocchital) thanks.", ['Xochitl']],
    ['Hello, it is a wife. I will be late.', ['Aoife']],
  ])('%s', (text, vocabulary) => {
    const words = correctWordsSpelling(heard(text), vocabulary, options);
    expect(transcriptOf(words)).toBe(correctSpelling(text, vocabulary, options));
    expect(transcriptOf(words)).not.toBe(text);
  });

  it('a corrected span keeps the least confidence of what was heard, and the time of its first word', () => {
    const text = 'Hi, this is Shao Bong from the billing office.';
    const words = correctWordsSpelling(
      heard(text, (word) => (word === 'Bong' ? 0.31 : 0.9)),
      ['Siobhan'],
      options,
    );
    expect(texts(words)).toEqual(['Hi,', 'this', 'is', 'Siobhan', 'from', 'the', 'billing', 'office.']);
    expect(words[3]).toEqual({ text: 'Siobhan', confidence: 0.31, at: 0 });
    expect(words[4]).toEqual({ text: 'from', confidence: 0.9, at: 14 });
  });

  it('leaves the words as they are when nothing sounds like the sender’s words', () => {
    const words = heard('Call me back about the invoice.');
    expect(correctWordsSpelling(words, ['Siobhan'], options)).toEqual(words);
  });
});

describe('the words as the message item keeps them', () => {
  const transcript = 'Hi, this is Rebecca. Call 555-873-0421 [unclear] Friday.';
  const words: HeardWord[] = transcript.split(' ').map((text, index) => ({
    text,
    confidence: [0.97, 0.91, 0.999, 0.42, 0.88, 0.14, 0, 0.93][index]!,
    at: index < 4 ? 0 : index < 6 ? 14.237 : null,
  }));

  it('come back from the transcript and the packed confidences, to the hundredth and the tenth of a second', () => {
    const stored = packWords(words);
    expect(stored).toEqual({
      confidence: [97, 91, 100, 42, 88, 14, 0, 93],
      pieces: [
        [0, 0],
        [4, 14.2],
        [6, null],
      ],
    });
    expect(unpackWords(stored, transcript)).toEqual(
      words.map((word, index) => ({
        ...word,
        confidence: Math.round(word.confidence * 100) / 100,
        at: [0, 0, 0, 0, 14.2, 14.2, null, null][index],
      })),
    );
  });

  it('are none when they no longer spell the transcript, or were never stored', () => {
    const stored = packWords(words);
    expect(unpackWords(stored, `${transcript} More words.`)).toBeNull();
    expect(unpackWords(stored, null)).toBeNull();
    expect(unpackWords(undefined, transcript)).toBeNull();
    expect(unpackWords({ confidence: 'x', pieces: [] }, transcript)).toBeNull();
  });
});
