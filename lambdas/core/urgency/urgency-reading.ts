/**
 * A transcript as the urgency rules (core/urgency/urgency.ts) read it: its words bare and lowercase, one space
 * apart, with what each match of a cue needs to know in time independent of the transcript's length: whether
 * the words under it were heard well, the sentence it is in, and the next few words after it (issue 31).
 *
 * Every answer is computed once per transcript (where each word starts and ends, how many doubtful words come
 * before each, where each word's sentence begins and ends) and then read by binary search, so a transcript of
 * 20,000 hostile words ("call call call ...", one sentence without an end, every word a cue) takes as long
 * per match as a short one. Before, each match scanned every word of the transcript (heard well?) and walked
 * its whole sentence, and a long sentence was sliced and searched again for each request in it: quadratic.
 */
import type { HeardToken, HeardTranscript } from '#core/transcripts/heard-transcript';
import { heardTokens } from '#core/transcripts/heard-transcript';
import { DOUBTFUL_BELOW } from '#core/transcripts/heard-words';
import { bareWord } from '#core/transcripts/spoken-numbers';

/** The transcript's words, bare and lowercase, joined by one space, with where each word starts. */
export type Reading = {
  readonly text: string;
  readonly starts: readonly number[];
  readonly tokens: readonly HeardToken[];
  /** Where each word ends for `heardWell`: its start plus its length, at least one character. */
  readonly ends: readonly number[];
  /** How many words before each word (and, at the end, in all) were heard with doubt. */
  readonly doubtedBefore: readonly number[];
  /** The first and the last word of each word's sentence (sentences end at a word ending . ! ?). */
  readonly sentenceFirst: readonly number[];
  readonly sentenceLast: readonly number[];
  /** Answers already given for a whole sentence, by pattern and the sentence's first word (each tested once). */
  readonly sentenceAnswers: Map<RegExp, Map<number, boolean>>;
};

const endsSentence = (token: HeardToken) => /[.!?]$/.test(token.text);

export function reading(heard: HeardTranscript): Reading {
  const tokens = heardTokens(heard).map((token) => ({ ...token, text: token.text.replaceAll('’', "'") }));
  // "to-night", "to-day", "to-morrow": as some voices' transcripts spell them, read as the words they are.
  const words = tokens.map((token) => bareWord(token.text).replace(/^to-(day|night|morrow)$/, 'to$1'));
  const starts: number[] = [];
  const ends: number[] = [];
  const doubtedBefore: number[] = [0];
  let at = 0;
  for (const [index, word] of words.entries()) {
    starts.push(at);
    ends.push(at + Math.max(1, word.length));
    at += word.length + 1;
    const { confidence } = tokens[index]!;
    const doubted = !(confidence === null || confidence >= DOUBTFUL_BELOW);
    doubtedBefore.push(doubtedBefore[index]! + (doubted ? 1 : 0));
  }
  const sentenceFirst: number[] = [];
  for (const index of tokens.keys()) {
    sentenceFirst.push(index > 0 && !endsSentence(tokens[index - 1]!) ? sentenceFirst[index - 1]! : index);
  }
  const sentenceLast: number[] = new Array(tokens.length);
  for (let index = tokens.length - 1; index >= 0; index--) {
    const last = index === tokens.length - 1 || endsSentence(tokens[index]!);
    sentenceLast[index] = last ? index : sentenceLast[index + 1]!;
  }
  return {
    text: words.join(' '),
    starts,
    tokens,
    ends,
    doubtedBefore,
    sentenceFirst,
    sentenceLast,
    sentenceAnswers: new Map(),
  };
}

/** The first index of the ascending `values` whose value is above `limit` (the length when none is). */
function firstAbove(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! > limit) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Whether the words between characters [from, to) of the reading were heard well (or carry no confidence).
 * The words inside are those that start before `to` and end after `from`: one stretch of words, since both
 * their starts and their ends ascend, found by two binary searches.
 */
export function heardWell(read: Reading, from: number, to: number): boolean {
  const first = firstAbove(read.ends, from);
  const pastLast = firstAbove(read.starts, to - 1);
  return pastLast <= first || read.doubtedBefore[pastLast] === read.doubtedBefore[first];
}

/** The word that character `at` of the reading is in (the last word starting at or before it). */
const wordAt = (read: Reading, at: number) => firstAbove(read.starts, at) - 1;

/** Where the sentence of the reading that character `at` is in ends. */
export function sentenceEnd(read: Reading, at: number): number {
  const last = read.sentenceLast[wordAt(read, at)]!;
  return read.starts[last]! + bareWord(read.tokens[last]!.text).length;
}

/** The sentence of the reading that character `at` is in. */
export function sentenceAround(read: Reading, at: number): string {
  return read.text.slice(read.starts[read.sentenceFirst[wordAt(read, at)]!], sentenceEnd(read, at));
}

/**
 * Whether the sentence that character `at` is in matches `pattern` (a regex without the global flag), each
 * sentence tested once per pattern however many matches it holds.
 */
export function sentenceMatches(read: Reading, at: number, pattern: RegExp): boolean {
  const first = read.sentenceFirst[wordAt(read, at)]!;
  const answers = read.sentenceAnswers.get(pattern) ?? new Map<number, boolean>();
  read.sentenceAnswers.set(pattern, answers);
  let answer = answers.get(first);
  if (answer === undefined) {
    answer = pattern.test(sentenceAround(read, at));
    answers.set(first, answer);
  }
  return answer;
}

/**
 * The reading's text from character `from` to `to`, cut at its `count`th space: what
 * `text.slice(from, to).split(' ').slice(0, count).join(' ')` gives, without reading past those words.
 */
export function wordsFrom(read: Reading, from: number, to: number, count: number): string {
  let end = from - 1;
  for (let spaces = 0; spaces < count; spaces++) {
    end = read.text.indexOf(' ', end + 1);
    if (end < 0 || end >= to) return read.text.slice(from, to);
  }
  return read.text.slice(from, end);
}
