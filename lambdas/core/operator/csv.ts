/**
 * CSV as spreadsheets read it (RFC 4180): every field quoted and its quotes doubled, lines end in CRLF, and
 * a byte order mark makes Excel read UTF-8.
 *
 * No field may start a formula, whatever separator the reader's locale splits on: Excel and LibreOffice in
 * many European locales split on `;`, some imports on a tab or `|`, and a reader that takes the separator
 * from its locale cuts `x;=1+1` into `x` and a live `=1+1`. So an apostrophe (OWASP's advice) goes before
 * `=`, `+`, `-` or `@` wherever a cell could start: at the start of the field, and after any separator
 * (`,` `;` tab `|`) or line break inside it, spaces and quotes in between looked past. A field that starts
 * with a tab or a carriage return gets one too. Plain numbers (an E.164 phone number, `-12.5`) are left
 * alone: no spreadsheet runs them.
 */

/** What can end one cell and start the next, in some reader's locale. */
const SEPARATOR = '[,;\\t|\\r\\n]';

/** The start of the field, or just after a separator, then spaces and quotes: where a cell can start. */
const CELL_START = `(^|${SEPARATOR})([\\s"]*)`;

/** A formula's first character, unless what follows up to the next separator is a plain number. */
const FORMULA = `(?=[=+\\-@])(?![+-]\\d+(?:\\.\\d+)?(?:${SEPARATOR}|$))`;

const FORMULA_AT_CELL_START = new RegExp(CELL_START + FORMULA, 'g');
const CONTROL_START = /^[\t\r]/;

/** What a field may hold: an empty field for null or undefined. */
type CsvValue = string | number | boolean | null | undefined;

/** One field, quoted, safe to open in a spreadsheet in any locale. */
export function csvField(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  text = text.replace(FORMULA_AT_CELL_START, "$1$2'");
  if (CONTROL_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
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
