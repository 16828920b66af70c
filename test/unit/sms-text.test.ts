import { describe, expect, it } from 'vitest';
import {
  segmentCount,
  shortenKeepingFacts,
  smsEncoding,
  splitForSms,
  toGsmSafe,
  toPlainLetters,
  truncateAtWord,
} from '#core/texts/sms-text';

describe('making text GSM-7 safe', () => {
  it.each([
    ['curly single quotes', 'It\u2019s John\u2018s', "It's John's"],
    ['curly double quotes', '\u201CCall me\u201D', '"Call me"'],
    ['low double quotes and guillemets', '\u201Eja\u201C \u00ABoui\u00BB', '"ja" "oui"'],
    ['en dash, em dash and minus', '3\u20135 pm \u2014 maybe \u22121', '3-5 pm - maybe -1'],
    ['ellipsis', 'well\u2026', 'well...'],
    ['no-break and thin spaces', 'at\u00A03\u2009pm\u202Ftoday', 'at 3 pm today'],
    ['bullets', '\u2022 milk\n\u2022 eggs', '- milk\n- eggs'],
    ['tabs', 'a\tb', 'a b'],
    ['zero-width spaces and soft hyphens', 'plumb\u00ADing\u200B', 'plumbing'],
    ['Windows line endings', 'one\r\ntwo', 'one\ntwo'],
  ])('replaces %s with GSM-7 equivalents', (_what, input, output) => {
    expect(toGsmSafe(input)).toBe(output);
    expect(smsEncoding(toGsmSafe(input))).toBe('GSM-7');
  });

  it.each([
    ['an emoji', 'Thanks \u{1F44D}'],
    ['Chinese text', '\u4F60\u597D'],
    ['accented letters GSM-7 lacks', 'Jos\u00E1 and Fran\u00E7oise'],
    ['an emoji built with zero-width joiners', 'family \u{1F468}\u200D\u{1F469}\u200D\u{1F467}'],
  ])('leaves %s untouched, so the message goes out in UCS-2', (_what, input) => {
    expect(toGsmSafe(input)).toBe(input);
    expect(smsEncoding(toGsmSafe(input))).toBe('UCS-2');
  });

  it('keeps accented letters that GSM-7 has', () => {
    expect(toGsmSafe('caf\u00E9 \u00E0 la \u00C7a')).toBe('caf\u00E9 \u00E0 la \u00C7a');
    expect(smsEncoding('caf\u00E9 \u00E0 la \u00C7a \u00C4\u00D6\u00DC\u00E4\u00F6\u00FC\u00F1\u00DF')).toBe(
      'GSM-7',
    );
  });
});

describe('choosing the SMS alphabet', () => {
  it('sends plain English in GSM-7', () => {
    expect(smsEncoding('Call John back at (415) 555-0132, 3pm. OK? @home #1 100% & more_')).toBe('GSM-7');
  });

  it('counts the GSM-7 extension characters as GSM-7', () => {
    expect(smsEncoding('^{}\\[~]|\u20AC')).toBe('GSM-7');
  });

  it('switches the whole message to UCS-2 for one emoji or one curly quote', () => {
    expect(smsEncoding(`${'a'.repeat(500)}\u{1F600}`)).toBe('UCS-2');
    expect(smsEncoding('It\u2019s')).toBe('UCS-2');
  });

  it('treats a backtick as outside GSM-7', () => {
    expect(smsEncoding('`code`')).toBe('UCS-2');
  });
});

describe('counting billed segments', () => {
  it('fits 160 GSM-7 characters in one segment and needs two for 161', () => {
    expect(segmentCount('a'.repeat(160))).toBe(1);
    expect(segmentCount('a'.repeat(161))).toBe(2);
  });

  it('packs 153 GSM-7 characters per part of a long message', () => {
    expect(segmentCount('a'.repeat(306))).toBe(2);
    expect(segmentCount('a'.repeat(307))).toBe(3);
    expect(segmentCount('a'.repeat(1600))).toBe(11);
  });

  it('counts extension characters such as the euro sign as two', () => {
    expect(segmentCount('\u20AC'.repeat(80))).toBe(1);
    expect(segmentCount('\u20AC'.repeat(81))).toBe(2);
  });

  it('never splits an extension character across two parts', () => {
    // 152 plain characters, then a euro sign: it does not fit in the one septet left, so it starts part two.
    expect(segmentCount(`${'a'.repeat(152)}\u20AC${'a'.repeat(152)}`)).toBe(3);
    expect(segmentCount(`${'a'.repeat(151)}\u20AC${'a'.repeat(153)}`)).toBe(2);
  });

  it('fits 70 UCS-2 characters in one segment and 67 per part after that', () => {
    expect(segmentCount('\u00E1'.repeat(70))).toBe(1);
    expect(segmentCount('\u00E1'.repeat(71))).toBe(2);
    expect(segmentCount('\u00E1'.repeat(134))).toBe(2);
    expect(segmentCount('\u00E1'.repeat(135))).toBe(3);
  });

  it('counts an emoji as two UCS-2 characters and keeps its halves together', () => {
    expect(segmentCount('\u{1F600}'.repeat(35))).toBe(1);
    expect(segmentCount('\u{1F600}'.repeat(36))).toBe(2);
    // 33 emoji fill 66 of a part's 67 units; the 34th does not fit in the one left.
    expect(segmentCount('\u{1F600}'.repeat(67))).toBe(3);
  });

  it('costs nothing for an empty body', () => {
    expect(segmentCount('')).toBe(0);
  });
});

const sentence = (n: number) => `This is sentence number ${n} of a long voice message transcript.`;

describe('splitting a long text into SMS messages', () => {
  it('sends a text that fits as one message without numbering', () => {
    expect(splitForSms('  Call me back at 3pm.  ')).toEqual(['Call me back at 3pm.']);
  });

  it('sends nothing for an empty or blank text', () => {
    expect(splitForSms('')).toEqual([]);
    expect(splitForSms(' \n ')).toEqual([]);
  });

  it('splits a 2,000-character text into two numbered messages of at most 1,600 characters, after a sentence', () => {
    const text = Array.from({ length: 40 }, (_, i) => sentence(i + 1)).join(' ');
    expect(text.length).toBeGreaterThan(2000);
    const parts = splitForSms(text);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/^\(1\/2\) This is sentence number 1 /);
    expect(parts[1]).toMatch(/^\(2\/2\) This is sentence number \d+ /);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(1600);
      expect(part).toMatch(/transcript\.$/);
    }
  });

  it('loses no words when splitting', () => {
    const text = Array.from({ length: 120 }, (_, i) => sentence(i + 1)).join(' ');
    const parts = splitForSms(text, { maxChars: 300 });
    const rejoined = parts.map((part) => part.replace(/^\(\d+\/\d+\) /, '')).join(' ');
    expect(rejoined).toBe(text);
  });

  it('keeps the parts in order', () => {
    const text = Array.from({ length: 30 }, (_, i) => sentence(i + 1)).join(' ');
    const parts = splitForSms(text, { maxChars: 200 });
    const firstNumbers = parts.map((part) => Number(/sentence number (\d+)/.exec(part)?.[1]));
    expect(firstNumbers).toEqual([...firstNumbers].sort((a, b) => a - b));
  });

  it('falls back to a word boundary when no sentence ends in the second half of a message', () => {
    const text = 'word '.repeat(100).trim();
    const parts = splitForSms(text, { maxChars: 100 });
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(100);
      expect(part).toMatch(/^\(\d+\/\d+\) (word ?)+$/);
      expect(part.endsWith(' ')).toBe(false);
    }
  });

  it('prefers a word boundary to a sentence end near the start of the message', () => {
    const text = `Hi. ${'word '.repeat(60).trim()}`;
    const [first] = splitForSms(text, { maxChars: 100 });
    expect(first?.length).toBeGreaterThan(80);
  });

  it('splits after a line break as after a sentence', () => {
    const text = `${'a '.repeat(30).trim()}\n${'b '.repeat(30).trim()}`;
    expect(splitForSms(text, { maxChars: 70 })).toEqual([
      `(1/2) ${'a '.repeat(30).trim()}`,
      `(2/2) ${'b '.repeat(30).trim()}`,
    ]);
  });

  it('cuts a run with no spaces at the limit, keeping every part within it', () => {
    const parts = splitForSms('x'.repeat(250), { maxChars: 100 });
    expect(parts.map((part) => part.length)).toEqual([100, 100, 68]);
    expect(parts.join('').replace(/\(\d\/\d\) /g, '')).toBe('x'.repeat(250));
  });

  it('never splits an emoji in half on a hard cut', () => {
    const text = 'a\u{1F600}'.repeat(100);
    const parts = splitForSms(text, { maxChars: 51 });
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(51);
      expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(parts.map((part) => part.replace(/^\(\d+\/\d+\) /, '')).join('')).toBe(text);
  });

  it('makes room for two-digit numbering when there are ten parts or more', () => {
    const text = Array.from({ length: 40 }, (_, i) => sentence(i + 1)).join(' ');
    const parts = splitForSms(text, { maxChars: 150 });
    expect(parts.length).toBeGreaterThanOrEqual(10);
    expect(parts.at(-1)).toMatch(new RegExp(`^\\(${parts.length}/${parts.length}\\) `));
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(150);
  });

  it('leaves the numbering off when asked', () => {
    const parts = splitForSms('one two three four five six', { maxChars: 12, numbered: false });
    expect(parts).toEqual(['one two', 'three four', 'five six']);
  });

  it('puts a label before the text, numbered only when there are several parts', () => {
    expect(splitForSms('Short.', { label: 'Transcript' })).toEqual(['Transcript: Short.']);
    const parts = splitForSms('word '.repeat(40), { label: 'Transcript', maxChars: 80 });
    expect(parts[0]).toMatch(/^Transcript \(1\/\d\): word/);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(80);
  });

  it('keeps only the first parts when capped, and says the rest was cut', () => {
    const text = Array.from({ length: 40 }, (_, i) => sentence(i + 1)).join(' ');
    const parts = splitForSms(text, { maxChars: 200, maxParts: 3, overflowNote: ' [cut]' });
    expect(parts).toHaveLength(3);
    expect(parts[0]).toMatch(/^\(1\/3\) /);
    expect(parts[2]).toMatch(/^\(3\/3\) .* \[cut\]$/);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(200);
  });

  it('refuses a limit too small to hold the numbering', () => {
    expect(() => splitForSms('word '.repeat(10), { maxChars: 6 })).toThrow(RangeError);
  });
});

describe('shortening a text to fit', () => {
  it('leaves a text that fits alone', () => {
    expect(truncateAtWord('  Call me back.  ', 20)).toBe('Call me back.');
  });

  it('cuts after a whole word and ends with three dots', () => {
    const short = truncateAtWord('Please call me back about the water heater tomorrow', 30);
    expect(short).toBe('Please call me back about...');
    expect(short.length).toBeLessThanOrEqual(30);
  });

  it('drops a dangling comma before the dots', () => {
    expect(truncateAtWord('Hi John, this is Mary from the office', 12)).toBe('Hi John...');
  });

  it('cuts a single long word without splitting an emoji', () => {
    const short = truncateAtWord('\u{1F600}'.repeat(10), 8);
    expect(short).toBe('\u{1F600}\u{1F600}...');
  });
});

describe('accented letters written plain (Settings: "replace", the default)', () => {
  it('writes letters GSM-7 lacks as their plain letter, so Spanish and French stay GSM-7', () => {
    const spanish = 'Hola, soy Martín. ¿Podría llamarme mañana? Está en la avenida Colón, número 5.';
    const plain = toPlainLetters(spanish);
    expect(plain).toBe('Hola, soy Martin. ¿Podria llamarme mañana? Esta en la avenida Colon, numero 5.');
    expect(smsEncoding(spanish)).toBe('UCS-2');
    expect(smsEncoding(plain)).toBe('GSM-7');
    expect(toPlainLetters('Ça coûte cher, œuvre façade Łódź')).toBe('Ça coute cher, oeuvre facade Lodz');
  });

  it('keeps the letters GSM-7 has as they are (é ñ ü à ä ö Ñ É)', () => {
    const kept = 'café niño pingüino à Ärger öl Ñandú É';
    expect(toPlainLetters(kept)).toBe('café niño pingüino à Ärger öl Ñandu É');
  });

  it('halves the segments a Spanish summary costs', () => {
    const summary =
      'Martín, de la clínica dental, confirma su cita del jueves a las diez. Pide que llame antes para confirmar el número de su póliza y que traiga la radiografía. También pregunta si podría venir más temprano.';
    expect(segmentCount(summary)).toBe(4);
    expect(segmentCount(toPlainLetters(summary))).toBe(2);
  });

  it('leaves other scripts and emoji alone: they have no plain form, and are sent in UCS-2', () => {
    for (const text of ['Привет, перезвоните мне', 'مرحبا', '你好，请回电话', 'ok 👍']) {
      expect(toPlainLetters(text)).toBe(text);
    }
  });
});

describe('shortening a summary at its sentences', () => {
  it('never takes the "?" of a doubt mark for a sentence end: "Donna(?) from Staffing(?): ..." stays whole', () => {
    const text =
      'Donna(?) from Staffing(?): We are short two nurses tonight. Sorry to bother you on your day off. Can you pick up the 7pm shift? Call me by 4.';
    expect(shortenKeepingFacts(text, 90)).toBe(
      'Donna(?) from Staffing(?): We are short two nurses tonight. Can you pick up the 7pm shift?',
    );
  });

  it("keeps a run-on sentence's first clauses rather than dropping it whole, cut only where a clause ends", () => {
    const text =
      "Gloria: I haven't seen her since Sunday. She's not answering when I knock and her TV is on all day and the manager has a key but he says he can't go in without the family saying it's okay.";
    expect(shortenKeepingFacts(text, 150, 'Gloria: ')).toBe(
      "Gloria: I haven't seen her since Sunday. She's not answering when I knock and her TV is on all day and the manager has a key...",
    );
    // No clause end within the room: the sentence goes, as before, never cut inside a clause.
    expect(
      shortenKeepingFacts(
        'The pharmacy called. Please do not take any more of the blood pressure tablets we filled on the ninth for you.',
        60,
      ),
    ).toBe('The pharmacy called.');
  });
});
