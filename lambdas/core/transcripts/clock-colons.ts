/**
 * The engine's dot in a clock time, written as a colon (issue 32): Moonshine writes "8.15 a.m." for "eight
 * fifteen a.m." now and then; the first text, the page and the calendar read "8:15 a.m.", as a person writes
 * it. Only with "a.m." or "p.m." (attached or the next word) and minutes under 60: "2.5 hours" and "version
 * 3.10" are numbers.
 */
import type { HeardWord } from './heard-words';

const DOTTED = /^(\d{1,2})\.([0-5]\d)((?:[ap]\.?m\.?)?[,;:!?]*)$/i;
const MERIDIEM = /^[ap]\.?m\b/i;

/** The words, each dotted clock time before "a.m." or "p.m." written with a colon ("8.15" to "8:15"). */
export function withClockColons(words: readonly HeardWord[]): HeardWord[] {
  return words.map((word, at) => {
    const dotted = DOTTED.exec(word.text);
    if (dotted === null) return word;
    const [, hour, minutes, after = ''] = dotted;
    const meridiem = MERIDIEM.test(after) || MERIDIEM.test(words[at + 1]?.text ?? '');
    if (!meridiem || Number(hour) > 12) return word;
    return { ...word, text: `${hour}:${minutes}${after}` };
  });
}
