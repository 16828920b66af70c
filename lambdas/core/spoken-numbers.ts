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

/** A number token: digits with the separators people write in phone numbers, "(415)", "555-0132", "+1". */
function writtenDigits(token: string): string | null {
  const stripped = token.replace(/[,;:!?]+$/, '').replace(/\.$/, '');
  return /^\+?\(?\d[\d().-]*$/.test(stripped) && !/[.-]$/.test(stripped) ? stripped.replace(/\D/g, '') : null;
}

export function bareWord(token: string): string {
  return token.toLowerCase().replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
}

export type DigitRun = { readonly start: number; readonly end: number; readonly digits: string };

/**
 * Runs of consecutive number tokens, written or spoken: "five five five one two three four", "four one five
 * five five five oh one thirty two", "(415) 555-0132", "eight hundred", "double five". "oh" only continues
 * a run, since on its own it is an exclamation.
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
        digits += '00';
        lastWasUnit = false;
      } else if ((word === 'dash' || token === '-') && digits !== '') {
        // "five five five dash one two three four"
      } else {
        break;
      }
      cursor += 1;
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

/** Every run of digits in a text, written or spoken, in order. */
export function digitRunsOf(text: string): string[] {
  return digitRuns(text.split(/\s+/).filter((token) => token !== '')).map((run) => run.digits);
}
