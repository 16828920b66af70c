/**
 * Numbers as a transcript holds them: written ("(415) 555-0132", "3:30") or spoken, as a speech engine
 * without number formatting writes them ("four one five five five five oh one three two", "double five",
 * "eight hundred"). The extractive summarizer finds callback numbers with these, and the reply checks that a
 * number it is about to send was really said.
 */

export const UNITS: Readonly<Record<string, string>> = {
  zero: '0',
  oh: '0',
  o: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
export const TEENS: Readonly<Record<string, string>> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
};
export const TENS: Readonly<Record<string, string>> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
};
const REPEATS: Readonly<Record<string, number>> = { double: 2, triple: 3 };

/**
 * Words a speech engine writes for a digit it misheard ("call me at five five five for two...", "niner").
 * They are common words, so they count only inside a run of digits: after a digit and before another.
 */
const MISHEARD_DIGITS: Readonly<Record<string, string>> = {
  for: '4',
  fore: '4',
  to: '2',
  too: '2',
  ate: '8',
  won: '1',
  niner: '9',
  tree: '3',
  fife: '5',
};

/** A written phone number with something stuck to its end ("800-555-0199-55PM"): the number alone. */
const WRITTEN_PHONE_PREFIX = /^\+?1?[\s.-]?\(?\d{3}\)?[.-]\d{3}[.-]\d{4}(?=\D)/;

/** A number token: digits with the separators people write in phone numbers, "(415)", "555-0132", "+1". */
function writtenDigits(token: string): string | null {
  const stripped = token.replace(/[,;:!?]+$/, '').replace(/[.-]$/, '');
  if (/^\+?\(?\d[\d().-]*$/.test(stripped)) return stripped.replace(/\D/g, '');
  const phone = WRITTEN_PHONE_PREFIX.exec(stripped);
  return phone === null ? null : phone[0].replace(/\D/g, '');
}

/** A token that is a digit on its own: written, or a digit word ("oh" included: it follows a digit here). */
function isDigitToken(token: string): boolean {
  const word = bareWord(token);
  return word in UNITS || word in MISHEARD_DIGITS || /^\d/.test(token.replace(/^[+(]/, ''));
}

/**
 * A mis-heard digit counts after a digit and before another, or before two ("call me on to zero six..."
 * is "two zero six"); "niner" is no other word, so it always counts.
 */
function isMisheardDigit(word: string, digits: string, next: string, afterNext: string): boolean {
  if (!(word in MISHEARD_DIGITS)) return false;
  if (word === 'niner') return true;
  return isDigitToken(next) && (digits !== '' || isDigitToken(afterNext));
}

/** A written number that is a whole phone number on its own ("555-873-4440"): digits after it are not its. */
function isWholeWrittenNumber(token: string, written: string): boolean {
  const national = written.length === 11 && written.startsWith('1') ? written.slice(1) : written;
  return national.length === 10 && /[-().]/.test(token.replace(/[.,;:!?]+$/, ''));
}

/** "twelve", "fifty" or "fifty three" after "hundred": the number's last two digits and the words they took. */
function belowHundred(tokens: readonly string[], at: number): { digits: string; words: number } | null {
  const word = bareWord(tokens[at] ?? '');
  const teen = TEENS[word];
  if (teen !== undefined) return { digits: teen, words: 1 };
  const tens = TENS[word];
  if (tens === undefined) return null;
  const unit = UNITS[bareWord(tokens[at + 1] ?? '')];
  return unit !== undefined && unit !== '0'
    ? { digits: `${tens}${unit}`, words: 2 }
    : { digits: `${tens}0`, words: 1 };
}

export function bareWord(token: string): string {
  return token.toLowerCase().replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
}

export type DigitRun = { readonly start: number; readonly end: number; readonly digits: string };

/** A token that ends a sentence ("one.", "three?"), not an abbreviation's full stop ("Dr."). */
const ENDS_SENTENCE = /[.!?]["')]*$/;

/**
 * Whether a run goes on past a sentence end: only while what it holds is an area code or an area code and an
 * exchange being read out ("five, five, five. Eight seven three..."). "Friday at nine. Two zero six..." is a
 * time and then a number, and "ending in seven seven three one. Two..." card digits and then something else:
 * a pause the engine wrote as a full stop is not crossed.
 */
const continuesPastSentenceEnd = (digits: string) => digits.length === 3 || digits.length === 6;

/**
 * Runs of consecutive number tokens, written or spoken: "five five five one two three four", "four one five
 * five five five oh one thirty two", "(415) 555-0132", "eight hundred", "double five". Commas inside a run do
 * not end it, nor a full stop after an area code or exchange ("five, five, five. Eight seven three"); a whole
 * written number is a run of its own. "oh" only continues a run, since on its own it is an exclamation; a
 * misheard digit ("for", "to", "ate", "won") only between two digits.
 */
export function digitRuns(tokens: readonly string[]): DigitRun[] {
  const runs: DigitRun[] = [];
  let index = 0;
  while (index < tokens.length) {
    let digits = '';
    let cursor = index;
    let lastWasUnit = false;
    while (cursor < tokens.length) {
      const token = tokens[cursor] ?? '';
      const word = bareWord(token);
      const next = bareWord(tokens[cursor + 1] ?? '');
      const written = writtenDigits(token);
      if (written !== null) {
        if (isWholeWrittenNumber(token, written)) {
          // A whole number stands alone: "7731, 206-555-0142" is two numbers, not fourteen digits.
          if (digits === '') {
            digits = written;
            cursor += 1;
          }
          break;
        }
        digits += written;
        lastWasUnit = false;
      } else if (word in UNITS && (digits !== '' || (word !== 'oh' && word !== 'o'))) {
        digits += UNITS[word];
        lastWasUnit = true;
      } else if (word in TEENS) {
        digits += TEENS[word];
        lastWasUnit = false;
      } else if (word in TENS) {
        const unit = UNITS[next];
        if (unit !== undefined && unit !== '0' && next !== 'oh' && next !== 'o') {
          digits += `${TENS[word]}${unit}`;
          cursor += 1;
        } else {
          digits += `${TENS[word]}0`;
        }
        lastWasUnit = false;
      } else if (word in REPEATS && UNITS[next] !== undefined) {
        digits += (UNITS[next] ?? '').repeat(REPEATS[word] ?? 1);
        cursor += 1;
        lastWasUnit = true;
      } else if (word === 'hundred' && lastWasUnit) {
        // "eight hundred, five five five" is 800 then digits; "four hundred twelve" is 412, not 40012.
        const rest = belowHundred(tokens, cursor + 1);
        digits += rest?.digits ?? '00';
        cursor += rest?.words ?? 0;
        lastWasUnit = false;
      } else if (isMisheardDigit(word, digits, tokens[cursor + 1] ?? '', tokens[cursor + 2] ?? '')) {
        digits += MISHEARD_DIGITS[word];
        lastWasUnit = true;
      } else if ((word === 'dash' || token === '-') && digits !== '') {
        // "five five five dash one two three four"
      } else {
        break;
      }
      cursor += 1;
      if (ENDS_SENTENCE.test(tokens[cursor - 1] ?? '') && !continuesPastSentenceEnd(digits)) break;
    }
    if (digits !== '') {
      runs.push({ start: index, end: cursor, digits });
      index = cursor;
    } else {
      index += 1;
    }
  }
  return runs;
}

/**
 * "...one nine eight seven, one you get this": an engine hears "when" after a number as "one". A run of 11
 * digits that does not start with the country code 1 and ends in the word "one" is a US number and that word
 * (which the summary's text leaves out with the number).
 */
export function withoutTrailingOne(run: DigitRun, tokens: readonly string[]): DigitRun {
  const last = bareWord(tokens[run.end - 1] ?? '');
  if (run.digits.length !== 11 || run.digits.startsWith('1') || !['one', 'won'].includes(last)) return run;
  return { ...run, digits: run.digits.slice(0, 10) };
}

/** Every run of digits in a text, written or spoken, in order. */
export function digitRunsOf(text: string): string[] {
  return digitRuns(text.split(/\s+/).filter((token) => token !== '')).map((run) => run.digits);
}
