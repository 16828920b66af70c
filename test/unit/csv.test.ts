/** The CSV exports as a spreadsheet opens them, in any locale: quoting, line ends, and no formula runs. */
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '#core/operator/csv';

/** The separators spreadsheets split on, by locale or import setting. */
const SEPARATORS = [',', ';', '\t', '|'] as const;

/** The cells a reader splitting on `separator` sees in a line, honouring quotes (RFC 4180, as Excel does). */
function quotedCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator || char === '\n' || char === '\r') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

/** The cells a careless reader sees: split on the separator and line breaks, quotes ignored, then dropped. */
function naiveCells(line: string, separator: string): string[] {
  return line
    .split(new RegExp(`[${separator === '|' ? '\\|' : separator}\\r\\n]`))
    .map((cell) => cell.replaceAll('"', ''));
}

/** Whether a spreadsheet would run a cell as a formula (after the spaces it trims). */
function runsAsFormula(cell: string): boolean {
  const text = cell.trimStart();
  return /^[=+\-@]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text);
}

const HOSTILE = [
  '=1+1',
  'x;=1+1',
  'a,=HYPERLINK("http://evil.example","click")',
  'x|=cmd|calc',
  'x\t=1+1',
  'x; @SUM(A1)',
  'x;"=1+1',
  'x;+cmd',
  'x;-2+3',
  'first line\n=1+1',
  'a\r\n-1+1',
  '\t=1',
  '\r=1',
  '@SUM(A1)',
];

describe('CSV fields', () => {
  it('quotes every field and doubles quotes', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('""');
    expect(csvField(true)).toBe('"true"');
    expect(csvField(12)).toBe('"12"');
  });

  it('keeps a formula at the start of a field from running, but leaves numbers and phone numbers alone', () => {
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('+cmd|calc')).toBe(`"'+cmd|calc"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvField('+14155550132')).toBe('"+14155550132"');
    expect(csvField('-12.5')).toBe('"-12.5"');
  });

  it('keeps a formula after any separator from running: x;=1+1 stays text where ; splits cells', () => {
    expect(csvField('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvField('a,=HYPERLINK("u","v")')).toBe(`"a,'=HYPERLINK(""u"",""v"")"`);
    expect(csvField('x| =1')).toBe(`"x| '=1"`);
    expect(csvField('call -5 degrees; -5')).toBe('"call -5 degrees; -5"');
    expect(csvField('dash - in the middle')).toBe('"dash - in the middle"');
  });

  it.each(SEPARATORS)(
    'no cell of a hostile field runs as a formula where the separator is %j',
    (separator) => {
      for (const field of HOSTILE) {
        const line = csvField(field);
        const cells = [...quotedCells(line, separator), ...naiveCells(line, separator)];
        expect(cells.filter(runsAsFormula), `${JSON.stringify(field)} as ${line}`).toEqual([]);
      }
    },
  );

  it('writes a header and rows with CRLF line ends and a byte order mark for Excel', () => {
    expect(toCsv(['a', 'b'], [['1', 'x,y']])).toBe('\uFEFF"a","b"\r\n"1","x,y"\r\n');
  });
});
