/**
 * How a transcript's words (core/transcripts/heard-words.ts) are kept in the message's item: compactly,
 * because every one of the table's four indexes projects the whole item and a list of
 * `{text, confidence, at}` maps costs about 40 bytes a word (docs/decisions/transcripts.md, "Confidence
 * travels with the words"). The words' texts are the transcript's, one space apart, so they are not stored
 * twice; each word keeps its confidence in hundredths, and `at` is kept where it changes (per sentence from
 * OpenAI; nearly per word offline since Moonshine's words are placed where they were said, issue 32), to a
 * tenth of a second, rounded down so that playing from it starts at or before the word.
 */
import { type HeardWord, heardWordsSchema } from '#core/transcripts/heard-words';

/** The item's `transcript_words`: confidences in hundredths, and [index of the first word, at] per piece. */
export type StoredWords = {
  readonly confidence: number[];
  readonly pieces: [number, number | null][];
};

export function packWords(words: readonly HeardWord[]): StoredWords {
  const pieces: [number, number | null][] = [];
  for (const [index, word] of words.entries()) {
    const at = word.at === null ? null : Math.floor(word.at * 10) / 10;
    if (index === 0 || pieces.at(-1)![1] !== at) pieces.push([index, at]);
  }
  return { confidence: words.map((word) => Math.round(word.confidence * 100)), pieces };
}

/**
 * The words again from the stored form and the transcript they spell, or null when there are none or they no
 * longer fit it (a transcript written without its words): words that do not match are never shown.
 */
export function unpackWords(stored: unknown, transcript: unknown): HeardWord[] | null {
  if (typeof transcript !== 'string' || typeof stored !== 'object' || stored === null) return null;
  const { confidence, pieces } = stored as Partial<StoredWords>;
  const texts = transcript.split(' ');
  if (!Array.isArray(confidence) || !Array.isArray(pieces) || confidence.length !== texts.length) return null;
  let piece = 0;
  const words = texts.map((text, index) => {
    while (piece + 1 < pieces.length && pieces[piece + 1]![0] <= index) piece++;
    return { text, confidence: Number(confidence[index]) / 100, at: pieces[piece]?.[1] ?? null };
  });
  const checked = heardWordsSchema.safeParse(words);
  return checked.success ? checked.data : null;
}
