/**
 * The urgency tests' transcripts, written as the offline engine writes them: each word heard surely (0.97)
 * unless the test names it doubtful (0.3, as written with its punctuation), and the rules' reading of one.
 */
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import { urgencyOf } from '#core/urgency/urgency';

/** Each word heard at 0.97, those in `doubted` (as written, with punctuation) at 0.3. */
export function heard(text: string, doubted: readonly string[] = []): HeardTranscript {
  const words = text
    .split(' ')
    .map((word) => ({ text: word, confidence: doubted.includes(word) ? 0.3 : 0.97, at: 0 }));
  return { text, words };
}

/** The urgency rules' reading of `text`, its `doubted` words heard badly. */
export const rules = (text: string, doubted: readonly string[] = []) => urgencyOf(heard(text, doubted));
