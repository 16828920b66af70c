/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted and quotes
 * doubled, lines end in CRLF, and a byte order mark makes Excel read UTF-8. A field that a spreadsheet would
 * run as a formula (it starts with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe
 * (OWASP's advice), unless it is a plain number such as an E.164 phone number, which no spreadsheet runs.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** What a field may hold: an empty field for null or undefined. */
type CsvValue = string | number | boolean | null | undefined;

/** One field, safe to open in a spreadsheet. */
export function csvField(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** What a file starts with: the byte order mark that makes Excel read UTF-8. */
export const CSV_START = '\uFEFF';

/** One line of fields, CRLF included: what a file is made of, for a file written line by line. */
export function csvLine(fields: readonly CsvValue[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** A whole file: a header row, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_START + [header, ...rows].map(csvLine).join('');
}
