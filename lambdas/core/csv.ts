/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted and quotes
 * doubled, lines end in CRLF, and a byte order mark makes Excel read UTF-8. A field that a spreadsheet would
 * run as a formula (it starts with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe
 * (OWASP's advice), unless it is a plain number such as an E.164 phone number, which no spreadsheet runs.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One field, safe to open in a spreadsheet. */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: a header row, then one line per row. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
