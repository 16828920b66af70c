/** The sign-ups CSV as a spreadsheet opens it: quoting, line ends, and no formula runs. */
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../lambdas/core/csv';

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('keeps a spreadsheet from running a formula, but leaves numbers and phone numbers alone', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+cmd|calc')).toBe("'+cmd|calc");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvField('+14155550132')).toBe('+14155550132');
    expect(csvField('-12.5')).toBe('-12.5');
  });

  it('writes a header and rows with CRLF line ends and a byte order mark for Excel', () => {
    expect(toCsv(['a', 'b'], [['1', 'x,y']])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});
