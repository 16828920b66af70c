/**
 * The text format vCard (RFC 6350 section 3) and iCalendar (RFC 5545 section 3.1) share: content lines
 * `NAME;PARAM=value:value`, ended by CRLF, folded so no line is longer than 75 octets (a continuation starts
 * with one space), text values escaped (backslash, comma, semicolon, newline). Written here rather than by a
 * library: ical.js folds at 75 characters, not octets, and ical-generator writes no vCard (issue 25,
 * docs/decisions/cards.md); the two formats need nothing more than these few rules.
 */

/** The longest line in octets, the CRLF not counted (RFC 5545 3.1, RFC 6350 3.2). */
export const MAX_LINE_OCTETS = 75;

/** Line and paragraph separators and NEL (U+0085): a new line to some readers, a space here. */
const SEPARATORS = /[\u0085\u2028\u2029]/g;

/**
 * Bidirectional controls (U+061C, U+200E/F, U+202A-202E, U+2066-2069) and zero-width characters (U+200B-D,
 * U+2060, U+FEFF): invisible, and able to make what a card shows differ from what it holds.
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A TEXT value escaped: backslash, comma and semicolon as `\\`, `\,`, `\;`; any newline as `\n`. Control
 * characters other than tab are dropped: neither format allows them, and hostile text could carry them. So
 * are the marks that reorder or hide text (issue 31): bidirectional controls, which can make a name read
 * backwards or a number show other digits, and zero-width characters; the line and paragraph separators
 * and NEL, which some readers take for a new line, become a space.
 * `semicolons: false` for a vCard property of one field (FN, NOTE): RFC 6350 3.4 lets a semicolon there go
 * unescaped, and parsers (ical.js among them) keep a `\;` there as written.
 */
export function escapeText(
  value: string,
  { semicolons = true }: { readonly semicolons?: boolean } = {},
): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      .replace(SEPARATORS, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
      .replace(INVISIBLE, '')
      .replace(semicolons ? /[\\;,]/g : /[\\,]/g, (mark) => `\\${mark}`)
      .replace(/\n/g, '\\n')
  );
}

/** A parameter value: quoted when it holds `:`, `;` or `,`; double quotes and control characters dropped. */
export function paramValue(value: string): string {
  const clean = value
    .replace(SEPARATORS, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed.
    .replace(/["\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(INVISIBLE, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** How many octets one character takes in UTF-8. */
function utf8Octets(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** One content line folded at 75 octets, never inside a character (a UTF-8 sequence stays whole). */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    // A continuation's leading space counts towards its 75 octets.
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

/** `NAME;KEY=value:value`: `params` written in order, `value` as given (escape a text with escapeText). */
export function contentLine(
  name: string,
  value: string,
  params: Readonly<Record<string, string>> = {},
): string {
  const written = Object.entries(params).map(([key, param]) => `;${key}=${paramValue(param)}`);
  return foldLine(`${name}${written.join('')}:${value}`);
}

/** The lines as one document: each folded line ended by CRLF, the last one too. */
export function contentDocument(lines: readonly string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}
