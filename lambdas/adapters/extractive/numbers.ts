/**
 * Numbers in a transcript: the callback number (spoken or written phone numbers, written out in the summary's
 * text), and the patterns the scoring uses to tell a sentence with a number in it.
 */
import { formatCallbackNumber } from '#core/texts/phone-format';
import {
  type DigitRun,
  digitRuns,
  TEENS,
  TENS,
  UNITS,
  withoutTrailingOne,
} from '#core/transcripts/spoken-numbers';

/** A digit run that reads as a phone number: 7 digits, 10, or 11 starting with 1 (8-15 for other countries). */
function isPhoneRun(run: DigitRun): boolean {
  const length = run.digits.length;
  return (
    length === 7 ||
    length === 10 ||
    (length === 11 && run.digits.startsWith('1')) ||
    (length >= 8 && length <= 15)
  );
}

function phoneRank(run: DigitRun): number {
  const length = run.digits.length;
  return length === 10 || (length === 11 && run.digits.startsWith('1')) ? 0 : length === 7 ? 1 : 2;
}

/** The callback number as stored: "(415) 555-0132" for a US number, else the digits as said. */
function callbackNumberValue(digits: string): string {
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? formatCallbackNumber(national) : digits;
}

/**
 * The words with their spoken or written phone numbers replaced by the written form, the callback number,
 * and for each word the indices of the words of `raw` it stands for (a number written out stands for all
 * the words it was said in).
 */
export function withPhoneNumbersWritten(raw: readonly string[]): {
  readonly tokens: string[];
  readonly origins: number[][];
  readonly phone: string | null;
} {
  const runs = digitRuns(raw)
    .map((run) => withoutTrailingOne(run, raw))
    .filter(isPhoneRun);
  const best = [...runs].sort((a, b) => phoneRank(a) - phoneRank(b) || a.start - b.start)[0];
  const tokens: string[] = [];
  const origins: number[][] = [];
  const keep = (from: number, to: number) => {
    for (let index = from; index < to; index++) {
      tokens.push(raw[index] ?? '');
      origins.push([index]);
    }
  };
  let index = 0;
  for (const run of runs) {
    keep(index, run.start);
    const trailing = /[.!?,;:]+$/.exec(raw[run.end - 1] ?? '')?.[0] ?? '';
    // In the summary text: (415) 555-0132, 555-1234, or the digits.
    tokens.push(`${formatCallbackNumber(run.digits)}${trailing}`);
    origins.push(Array.from({ length: run.end - run.start }, (_, offset) => run.start + offset));
    index = run.end;
  }
  keep(index, raw.length);
  return { tokens, origins, phone: best === undefined ? null : callbackNumberValue(best.digits) };
}

const NUMBER_WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TEENS), ...Object.keys(TENS), 'hundred'].join('|')})`;

/** A sentence with a number in it, written or spoken. */
export const NUMBER = new RegExp(String.raw`\d|\b${NUMBER_WORD}\b`, 'i');
/** Every number said as a word ("five", "twenty", "hundred"): to read a text without them. */
export const NUMBER_WORDS = new RegExp(String.raw`\b${NUMBER_WORD}\b`, 'gi');
/** A phone number as the summary text writes it. */
export const PHONE = /\(\d{3}\) \d{3}-\d{4}|\b\d{3}-\d{4}\b|\b\d{8,15}\b/;
