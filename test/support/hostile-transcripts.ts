/**
 * Transcripts that a caller (or a speech engine lost in a recording) could make as costly as possible for the
 * urgency rules and for loop cutting (issue 31), and a seeded generator of random ones, for the tests that
 * compare the linear code with the quadratic one it replaced (test/support/urgency-oracle.ts,
 * test/support/decoder-loops-oracle.ts) and for the benchmark (bench/hostile.ts).
 */
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import type { HeardWord } from '#core/transcripts/heard-words';

/** A hostile shape: `count` words of it, repeating its pattern. */
export type HostileShape = {
  readonly name: string;
  readonly about: string;
  readonly words: (count: number) => string[];
};

const cycle = (pattern: string) => (count: number) => {
  const words = pattern.split(' ');
  return Array.from({ length: count }, (_, index) => words[index % words.length]!);
};

export const HOSTILE_SHAPES: readonly HostileShape[] = [
  {
    name: 'one-sentence',
    about: 'one sentence that never ends, a request in every line of it',
    words: cycle('so call me and i was thinking we could go over to the place by the river with the others'),
  },
  {
    name: 'repeated-phrase',
    about: 'the same request with no deadline today, over and over',
    words: cycle('please call me back tomorrow, if you have questions'),
  },
  {
    name: 'every-word-a-cue',
    about: 'every word a trigger word of the rules, no punctuation',
    words: cycle(
      'urgent emergency police hospital call text reach gift cards irs warrant press one bitcoin today tonight immediately leaking fever son sick',
    ),
  },
  {
    name: 'one-word',
    about: 'one word over and over ("call call call ...")',
    words: cycle('call'),
  },
  {
    name: 'no-punctuation',
    about: 'a voicemail said again and again with no punctuation at all',
    words: cycle('hi this is maria the school nurse your son has a fever please come pick him up by three'),
  },
  {
    name: 'many-loops',
    about: 'a new word six times in a row, then the next (a loop every six words)',
    words: (count) => Array.from({ length: count }, (_, index) => `w${Math.floor(index / 6)}`),
  },
  {
    name: 'digit-groups',
    about: 'numbers with a digit group three times ("555-888-888-888"), each a loop',
    words: (count) =>
      Array.from({ length: count }, (_, index) => {
        const group = String(100 + (index % 900));
        return `555-${group}-${group}-${group}`;
      }),
  },
];

/** The words as a speech engine gives them: every seventh heard with doubt, each at its own second. */
export function heardWords(words: readonly string[]): HeardWord[] {
  return words.map((text, index) => ({ text, confidence: index % 7 === 3 ? 0.3 : 0.95, at: index }));
}

/** The transcript with its words (every seventh doubted), as the summary step reads it. */
export function heardTranscript(words: readonly string[]): HeardTranscript {
  return { text: words.join(' '), words: heardWords(words) };
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same transcripts. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `items`, at random. */
export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

/** Words a decoder loop is made of: digits, groups, words with apostrophes, other scripts, the mark itself. */
const LOOP_WORDS = [
  'aki',
  'Aki,',
  'five',
  'oh',
  '5',
  '888',
  '555',
  '1-2-5',
  '1-2-5,',
  '873-0421',
  "it's",
  "'tis",
  "'",
  '—',
  '...',
  '[unclear]',
  'unclear',
  '吗?',
  'the',
  'one',
  'who',
  'is',
  'no,',
  'thank',
  'you',
  'bye',
  '555-888-888',
  '𝐀𝐁',
];

/**
 * A random transcript of up to `length` words full of repetition: plain words, and n-grams of 1 to 7 words
 * repeated 1 to 14 times, sometimes joined into one word by hyphens ("888-888-888").
 */
export function randomLoopWords(random: () => number, length: number): HeardWord[] {
  const words: string[] = [];
  while (words.length < length) {
    if (random() < 0.4) {
      words.push(pick(random, LOOP_WORDS));
      continue;
    }
    const ngram = Array.from({ length: 1 + Math.floor(random() * 7) }, () => pick(random, LOOP_WORDS));
    const repeats = 1 + Math.floor(random() * 14);
    const said = Array.from({ length: repeats }, () => ngram).flat();
    if (random() < 0.3) words.push(said.join(pick(random, ['-', ',', '-,'])));
    else words.push(...said);
  }
  return words.map((text, index) => ({ text, confidence: random() < 0.2 ? 0.3 : 0.9, at: index }));
}

/** Pieces of voicemails the urgency rules react to, and their punctuation and doubt. */
const URGENCY_PIECES = [
  'call me back',
  'please call',
  'call',
  'me',
  'back',
  'before five',
  'by 5:30 pm',
  'by three p.m.',
  'today',
  'tonight',
  'tomorrow',
  'on monday',
  'as soon as you can',
  'right away',
  'the form is due today',
  'if you have questions',
  'if you need',
  'my son is sick',
  'the school nurse',
  'fever',
  'come pick him up',
  'at the hospital',
  'not urgent',
  'urgent',
  'it’s important',
  'nothing urgent',
  'an emergency',
  'police',
  'water leaking',
  'locked out',
  'gift cards',
  'buy two google play gift cards',
  'the irs',
  'a warrant for your arrest',
  'press one',
  'final notice',
  'extended warranty',
  'this is maria',
  "it's Dad",
  'Jake from Acme Plumbing here',
  'bitcoin',
  'social security suspended',
  'hello',
  'the',
  'and',
  'so',
  'thanks',
  'let me know',
  'need your answer',
  'five five five',
  'zero one three two',
  '415-555-0132',
  'dollars',
  'account',
  'offer',
  'important message',
];

/** A random voicemail of about `length` words from the pieces above, with sentence ends and doubted words. */
export function randomUrgencyTranscript(random: () => number, length: number): HeardTranscript {
  const words: string[] = [];
  while (words.length < length) {
    const piece = pick(random, URGENCY_PIECES).split(' ');
    const end = random();
    if (end < 0.15) piece[piece.length - 1] += pick(random, ['.', '!', '?', ',', '...']);
    words.push(...piece);
  }
  const text = words.join(' ');
  if (random() < 0.2) return { text, words: null };
  const heard = words.map((word, index) => ({
    text: word,
    confidence: random() < 0.25 ? 0.3 : 0.95,
    at: index,
  }));
  // Now and then the engine's words are not the transcript word for word, and the rules read the text alone.
  return { text: random() < 0.1 ? `${text} extra` : text, words: heard };
}
