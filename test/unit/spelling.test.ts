/**
 * Names spelled right offline (issue 18): the phonetic correction of a transcript against a sender's words
 * (core/transcripts/spelling-correction.ts with the Double Metaphone adapter and the tokenizer's everyday words, the
 * pieces the Moonshine transcriber gives it), the decoder's prefix-tree biasing, and what a usable list is.
 */
import llamaTokenizer from 'llama-tokenizer-js';
import { describe, expect, it } from 'vitest';
import { correctSpelling } from '#core/transcripts/spelling-correction';
import { MAX_VOCABULARY_WORDS, normalizeVocabulary } from '#core/transcripts/vocabulary';
import { everydayWords, VocabularyBias } from '../../lambdas/adapters/offline/contextual-bias';
import { doubleMetaphonePhonetics } from '../../lambdas/adapters/phonetic/double-metaphone-phonetics';
import { SENDER_VOCABULARY } from '../support/name-sentences';
import { SPEECH_CORPUS } from '../support/speech-clips';

const options = {
  phonetics: doubleMetaphonePhonetics,
  isCommonWord: everydayWords(llamaTokenizer.vocabById),
};
const correct = (text: string, words: readonly string[] = SENDER_VOCABULARY) =>
  correctSpelling(text, words, options);

describe('phonetic correction: names Moonshine heard as other words', () => {
  it.each([
    // What Moonshine tiny wrote for flite's voices saying the names (bench/spell.ts).
    [
      'Hi, this is Shao Bong Kao Chick from the billing office.',
      'Hi, this is Siobhan Kowalczyk from the billing office.',
    ],
    [
      'This is Dr. Akanko calling about your test results.',
      'This is Dr. Okonkwo calling about your test results.',
    ],
    [
      'Why check said the delivery for Zocchital is at the desk.',
      'Why check said the delivery for Xochitl is at the desk.',
    ],
    ['Hello, it is a wife. I will be late.', 'Hello, it is Aoife. I will be late.'],
    ['Mister nguyen called.', 'Mister Nguyen called.'],
  ])('%s', (heard, expected) => {
    expect(correct(heard)).toBe(expected);
  });

  it('does not swallow an everyday word next to the name', () => {
    expect(correct('Pretty a rag-unith in front of the desk.')).toBe(
      'Pretty a Raghunathan in front of the desk.',
    );
  });

  it('keeps a possessive or contracted "s" after the name', () => {
    expect(correct("Rochek said the delivery for Zocchetola's at the front desk.")).toBe(
      "Rochek said the delivery for Xochitl's at the front desk.",
    );
  });

  it('leaves the words around a name already right alone', () => {
    expect(correct('Your ozempic prescription is ready at the Walgreens on Main Street.')).toBe(
      'Your Ozempic prescription is ready at the Walgreens on Main Street.',
    );
  });

  it('uses only the words of this sender: without a list the transcript is as heard', () => {
    const heard = 'Hi, this is Shao Bong Kao Chick from the billing office.';
    expect(correct(heard, [])).toBe(heard);
    expect(correct(heard, ['Okonkwo', 'Grafana'])).toBe(heard);
  });
});

describe('phonetic correction: ordinary words left alone', () => {
  it.each(SPEECH_CORPUS.map((sentence) => [sentence.id, sentence.text]))(
    'the voicemail sentence "%s" is unchanged with every hard name in the list',
    (_id, text) => {
      expect(correct(text)).toBe(text);
    },
  );

  it.each([
    'My wife is going to the hospital on Friday.',
    'I will show you the graph in a new way, okay?',
    'Please call me back at 415 267 1234 after three.',
    'The school nurse said your son has a fever, please pick him up.',
    'We went in a bit late, sorry about that.',
  ])('"%s" is unchanged', (text) => {
    expect(correct(text)).toBe(text);
  });

  it('never takes a short word as a target ("Al" does not turn "all" or "ale" into Al)', () => {
    expect(correct('Is that all? I brought ale.', ['Al', 'Ed', 'Bo'])).toBe('Is that all? I brought ale.');
  });

  it('never replaces a lone everyday word, even one that sounds the same', () => {
    expect(correct('My wife called.', ['Aoife'])).toBe('My wife called.');
  });

  it('does not join a name with the next word across a comma ("Sara, the" is not Saoirse)', () => {
    expect(correct('Hey, it is Sara, the meeting moved to four.')).toBe(
      'Hey, it is Sara, the meeting moved to four.',
    );
  });

  it('does not join words across a sentence end or a number', () => {
    expect(correct('It was Shao. Bong Kao here.', ['Siobhan'])).toBe('It was Shao. Bong Kao here.');
    expect(correct('Call Kao 5 Chick.', ['Kowalczyk'])).toBe('Call Kao 5 Chick.');
  });
});

describe('decoder biasing over a prefix tree of the words’ tokens', () => {
  // Token ids as a toy tokenizer gives them: Siobhan = 10 11 12, Sarah = 10 13.
  const encode = (word: string) => ({ Siobhan: [10, 11, 12], Sarah: [10, 13] })[word] ?? [];
  const bias = VocabularyBias.of(['Siobhan', 'Sarah'], encode, { start: 1, continuation: 3 })!;
  const logits = (values: Record<number, number>) => {
    const out = new Float32Array(20).fill(-10);
    for (const [token, value] of Object.entries(values)) out[Number(token)] = value;
    return out;
  };

  it('tips a close call toward a word’s first token, not a clear one', () => {
    expect(bias.choose(logits({ 5: 0.5, 10: 0 }), bias.initial, -1)).toBe(10);
    expect(bias.choose(logits({ 5: 2, 10: 0 }), bias.initial, -1)).toBe(5);
  });

  it('pushes harder to continue a match in progress, along every word that shares the prefix', () => {
    const started = bias.advance(bias.initial, 10);
    expect(bias.choose(logits({ 5: 2.5, 11: 0 }), started, -1)).toBe(11);
    expect(bias.choose(logits({ 5: 2.5, 13: 0 }), started, -1)).toBe(13);
    const further = bias.advance(started, 11);
    expect(bias.choose(logits({ 5: 2.5, 12: 0 }), further, -1)).toBe(12);
    expect(bias.advance(further, 12)).toEqual([]);
  });

  it('drops a match the decoder leaves, and never picks the token it must skip', () => {
    const started = bias.advance(bias.initial, 10);
    expect(bias.advance(started, 5)).toEqual([]);
    expect(bias.choose(logits({ 2: 0.5, 10: 0 }), bias.initial, 10)).toBe(2);
  });

  it('gives the bonus it added, for the honesty signals', () => {
    const started = bias.advance(bias.initial, 10);
    expect([bias.bonus(bias.initial, 10), bias.bonus(started, 11), bias.bonus(started, 5)]).toEqual([
      1, 3, 0,
    ]);
  });

  it('names the tokens it favours, for the beam search to weigh with their bonus (issue 32)', () => {
    expect(bias.favoured(bias.initial)).toEqual([10]);
    expect(bias.favoured(bias.advance(bias.initial, 10)).sort((a, b) => a - b)).toEqual([10, 11, 13]);
  });

  it('is nothing for a list without words', () => {
    expect(VocabularyBias.of([], encode)).toBeNull();
  });
});

describe('a sender’s list as engines use it', () => {
  it('splits phrases into words, trims punctuation, keeps the first spelling of a duplicate', () => {
    expect(normalizeVocabulary(['Siobhan Kowalczyk', ' nguyen.', 'Nguyen', "O'Neil,", 'AT&T'])).toEqual([
      'Siobhan',
      'Kowalczyk',
      'nguyen',
      "O'Neil",
      'AT&T',
    ]);
  });

  it('drops what is not a word and caps the list', () => {
    expect(normalizeVocabulary(['<b>x</b>', 'a:b', 'x'.repeat(41), '', '...'])).toEqual([]);
    const many = Array.from({ length: 80 }, (_, index) => `Word${index}`);
    expect(normalizeVocabulary(many)).toEqual(many.slice(0, MAX_VOCABULARY_WORDS));
  });
});
