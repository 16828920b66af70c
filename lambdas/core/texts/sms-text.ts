/**
 * SMS text rules: which alphabet a body is sent in, how many billed segments it costs, and how a long text
 * is split into messages Twilio accepts (1,600 characters at most each). One character outside GSM-7 (an
 * emoji, a curly quote) switches the whole message to UCS-2, which cuts a segment from 160 to 70 characters,
 * so text we write is passed through `toGsmSafe` first.
 */
import type { AccentedLetters } from '#core/operator/settings';
import { sentenceWeight } from './sentence-weight';

/** The GSM 03.38 basic character set: each costs one septet. */
const GSM_BASIC = new Set(
  Array.from(
    '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
  ),
);

/** The GSM 03.38 extension table: each costs two septets (an escape, then the character). */
const GSM_EXTENSION = new Set(Array.from('^{}\\[~]|€\f'));

/** Characters outside GSM-7 that have a GSM-7 equivalent with the same meaning. */
const GSM_EQUIVALENTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\r\n/g, '\n'],
  [/[\u2028\u2029]/g, '\n'],
  // Curly, low and prime single quotes, the grave and acute accents typed as apostrophes.
  [/[\u2018\u2019\u201A\u201B\u2032\u2035\u2039\u203A`\u00B4]/g, "'"],
  // Curly, low and double-prime double quotes, guillemets.
  [/[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB]/g, '"'],
  // Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign.
  [/[\u2010-\u2015\u2212\u2043]/g, '-'],
  [/\u2026/g, '...'],
  // Bullets.
  [/[\u2022\u2023\u25E6\u2219\u25AA\u25CF]/g, '-'],
  // Tab, no-break space, the typographic spaces, narrow no-break, medium mathematical, ideographic.
  [/[\t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g, ' '],
  // Invisible: zero-width space, soft hyphen, byte-order mark. (Zero-width joiners stay: emoji need them.)
  [/[\u200B\u00AD\uFEFF]/g, ''],
];

/** Replaces typographic characters with their GSM-7 look-alikes (’ -> ', — -> -, … -> ...); leaves emoji, CJK and accents alone. */
export function toGsmSafe(text: string): string {
  let safe = text;
  for (const [pattern, replacement] of GSM_EQUIVALENTS) safe = safe.replace(pattern, replacement);
  return safe;
}

/** Letters with no GSM-7 form after their accents are dropped, written as people do without the key. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
};

function isGsm(char: string): boolean {
  return GSM_BASIC.has(char) || GSM_EXTENSION.has(char);
}

/**
 * Latin letters outside GSM-7 written as the plain letter (á -> a, ó -> o, ç -> c, ő -> o, œ -> oe), so a
 * Spanish or French summary stays GSM-7; letters GSM-7 has (é ñ ü à...) stay as they are. Other scripts
 * (Cyrillic, Arabic, CJK) and emoji are left alone: they have no plain-letter form, and such a text is sent
 * in UCS-2. The Settings choice "Accented letters: replace" applies this to summaries and transcripts.
 */
export function toPlainLetters(text: string): string {
  let plain = '';
  for (const char of toGsmSafe(text)) {
    if (isGsm(char)) {
      plain += char;
      continue;
    }
    const mapped = PLAIN_LETTERS[char];
    if (mapped !== undefined) {
      plain += mapped;
      continue;
    }
    const stripped = char.normalize('NFD').replace(/\p{M}+/gu, '');
    plain += stripped !== '' && Array.from(stripped).every(isGsm) ? stripped : char;
  }
  return plain;
}

/**
 * A summary or transcript as the Settings choice "Accented letters" has it texted: `replace` (the default)
 * writes letters outside GSM-7 plain (toPlainLetters), `keep` leaves the text as it is.
 */
export function withAccentedLetters(text: string, accents: AccentedLetters): string {
  return accents === 'replace' ? toPlainLetters(text) : text;
}

/** The two alphabets an SMS travels in. */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** The alphabet a carrier sends this body in: GSM-7 when every character is in the GSM-7 tables, else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) {
    if (!isGsm(char)) return 'UCS-2';
  }
  return 'GSM-7';
}

/** Septets (GSM-7) or UTF-16 code units (UCS-2) each character costs, in order. */
function characterCosts(text: string, encoding: SmsEncoding): number[] {
  const costs: number[] = [];
  for (const char of text) {
    if (encoding === 'GSM-7') costs.push(GSM_EXTENSION.has(char) ? 2 : 1);
    else costs.push(char.length);
  }
  return costs;
}

/**
 * How many billed segments the body costs: GSM-7 fits 160 septets in one segment or 153 per part, UCS-2
 * 70 code units or 67 per part. A two-septet character or a surrogate pair is never split across parts,
 * so a part can hold one less. An empty body costs nothing.
 */
export function segmentCount(text: string): number {
  if (text === '') return 0;
  const encoding = smsEncoding(text);
  const [single, perPart] = encoding === 'GSM-7' ? [160, 153] : [70, 67];
  const costs = characterCosts(text, encoding);
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  if (total <= single) return 1;
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > perPart) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return parts;
}

/** Twilio refuses a message body longer than 1,600 characters. */
export const SMS_MAX_CHARS = 1600;

/** How `splitForSms` cuts and labels the parts. */
export type SplitOptions = {
  /** Longest message, prefix included, in UTF-16 code units. @default 1600 */
  readonly maxChars?: number;
  /** Prefix each part with "(2/3) " when there is more than one part. @default true */
  readonly numbered?: boolean;
  /** A heading for the parts: "Transcript: ..." alone, "Transcript (2/3): ..." when numbered. @default none */
  readonly label?: string;
  /** Keep at most this many parts; the last kept part then ends with `overflowNote`. @default unlimited */
  readonly maxParts?: number;
  /** Appended to the last part when `maxParts` drops the rest. @default " [...]" */
  readonly overflowNote?: string;
};

/**
 * Ends a sentence: . ! ? (or a closing quote or bracket after one), or a line break; never the "?" of a doubt
 * mark ("Donna(?) from Staffing(?): ..." is one sentence, not "Donna(?)" and the rest: issue 32).
 */
const SENTENCE_END = /(?:(?<!\()[.!?]+["')\]]*(?=\s)|\n)/g;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Where to cut `text` so the first piece is at most `budget` long: after a sentence, a word, or a hard cut. */
function cutPoint(text: string, budget: number): number {
  const window = text.slice(0, budget + 1);
  // A sentence end in the second half of the window: splitting earlier would waste most of a message.
  let sentenceEnd = -1;
  for (const match of window.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (end <= budget) sentenceEnd = end;
  }
  if (sentenceEnd >= budget / 2) return sentenceEnd;
  const lastSpace = window.search(/\s\S*$/);
  if (lastSpace > 0) return lastSpace;
  // One unbroken run longer than a message: cut it, but never between the halves of a surrogate pair.
  return isHighSurrogate(text.charCodeAt(budget - 1)) ? budget - 1 : budget;
}

/** Splits text into pieces of at most `budget` code units, trimmed and non-empty. */
function chunk(text: string, budget: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > budget) {
    const cut = cutPoint(rest, budget);
    const piece = rest.slice(0, cut).trim();
    if (piece !== '') pieces.push(piece);
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

function prefixFor(label: string | undefined, numbered: boolean, part: number, total: number): string {
  if (total === 1) return label === undefined ? '' : `${label}: `;
  if (!numbered) return label === undefined ? '' : `${label}: `;
  return label === undefined ? `(${part}/${total}) ` : `${label} (${part}/${total}): `;
}

/** Cuts `text` so that it plus `suffix` fit in `budget`, at a word boundary where there is one. */
function truncateWithSuffix(text: string, budget: number, suffix: string): string {
  if (text.length + suffix.length <= budget) return `${text}${suffix}`;
  const room = budget - suffix.length;
  const head = text.slice(0, cutPoint(text, room)).trimEnd();
  return `${head}${suffix}`;
}

/**
 * Splits text into SMS bodies of at most `maxChars` each, prefix included: after a sentence where one ends
 * in the second half of the room, else after a word, else a hard cut that keeps surrogate pairs whole.
 * Parts are trimmed, never empty, in order; "(1/3) " numbering only when there is more than one part.
 */
export function splitForSms(text: string, options: SplitOptions = {}): string[] {
  const { maxChars = SMS_MAX_CHARS, numbered = true, label, maxParts, overflowNote = ' [...]' } = options;
  const body = text.trim();
  if (body === '') return [];
  const single = prefixFor(label, numbered, 1, 1);
  if (single.length + body.length <= maxChars) return [`${single}${body}`];

  // The prefix grows with the number of parts: try 1-digit totals, then 2-digit, and so on.
  for (let digits = 1; digits <= 6; digits += 1) {
    const widest = 10 ** digits - 1;
    const budget = maxChars - prefixFor(label, numbered, widest, widest).length;
    if (budget < 2) throw new RangeError(`maxChars ${maxChars} leaves no room for text after the prefix.`);
    let pieces = chunk(body, budget);
    if (pieces.length > widest) continue;
    if (maxParts !== undefined && pieces.length > maxParts) {
      const kept = pieces.slice(0, Math.max(1, maxParts));
      const lastIndex = kept.length - 1;
      kept[lastIndex] = truncateWithSuffix(kept[lastIndex] ?? '', budget, overflowNote);
      pieces = kept;
    }
    const total = pieces.length;
    return pieces.map((piece, index) => `${prefixFor(label, numbered, index + 1, total)}${piece}`);
  }
  throw new RangeError('Text is too long to split into SMS messages.');
}

/** Shortens text to at most `maxChars`, cutting after a word and ending with "..." (GSM-7 safe) when it cuts. */
export function truncateAtWord(text: string, maxChars: number, ellipsis = '...'): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  if (maxChars <= ellipsis.length) return ellipsis.slice(0, Math.max(0, maxChars));
  const room = maxChars - ellipsis.length;
  const window = trimmed.slice(0, room + 1);
  const lastSpace = window.search(/\s\S*$/);
  let cut = lastSpace > 0 ? lastSpace : room;
  if (lastSpace <= 0 && isHighSurrogate(trimmed.charCodeAt(cut - 1))) cut -= 1;
  const head = trimmed
    .slice(0, cut)
    .trimEnd()
    .replace(/[\s,;:-]+$/, '');
  return `${head}${ellipsis}`;
}

/**
 * Shortens text to at most `maxChars`: whole sentences from the end first (a summary reads better without
 * its last sentence than cut in one), then at a word with "..." when even the first sentence is too long.
 */
export function shortenAtSentence(text: string, maxChars: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  let best = -1;
  for (const match of trimmed.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (end <= maxChars) best = end;
  }
  return best > 0 ? trimmed.slice(0, best).trim() : truncateAtWord(trimmed, maxChars);
}

/** The text's sentences, each with what ends it. */
function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    sentences.push(text.slice(start, end).trim());
    start = end;
  }
  if (text.slice(start).trim() !== '') sentences.push(text.slice(start).trim());
  return sentences.filter((sentence) => sentence !== '');
}

/**
 * Shortens text to at most `maxChars` by leaving out whole sentences: the one worth least first
 * (core/texts/sentence-weight.ts: why the call matters, numbers, times, days), the latest of those that tie
 * (issue 32: a price, a time or a fever is not cut because it came last). `lead` (who called: "Mike from
 * Reliable Plumbing: ") stays whatever is cut after it. When one sentence alone is too long, as
 * shortenAtSentence.
 */
export function shortenKeepingFacts(text: string, maxChars: number, lead = ''): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  const led = lead !== '' && trimmed.startsWith(lead);
  const body = led ? trimmed.slice(lead.length) : trimmed;
  const room = maxChars - (led ? lead.length : 0);
  const kept = sentencesOf(body).map((sentence) => ({ sentence, worth: sentenceWeight(sentence) }));
  const joined = () => kept.map((part) => part.sentence).join(' ');
  while (kept.length > 1 && joined().length > room) {
    let drop = 0;
    for (let index = 1; index < kept.length; index++) {
      if ((kept[index]?.worth ?? 0) <= (kept[drop]?.worth ?? 0)) drop = index;
    }
    // A long sentence (an engine's run-on) keeps its first clauses when they fit in the room the others leave.
    const others = kept
      .filter((_, index) => index !== drop)
      .reduce((sum, part) => sum + part.sentence.length + 1, 0);
    const head = clausesWithin(kept[drop]?.sentence ?? '', room - others);
    if (head !== null) {
      kept[drop] = { sentence: head, worth: kept[drop]?.worth ?? 0 };
      break;
    }
    kept.splice(drop, 1);
  }
  return shortenAtSentence(`${led ? lead : ''}${joined()}`, maxChars);
}

/** The fewest words a sentence's first clauses must keep to stand in for it. */
const CLAUSE_WORDS_AT_LEAST = 8;
/** Where a clause ends in an unpunctuated run-on: before "but", "and", "so", "because", "then", or a comma. */
const CLAUSE_END = /,\s|;\s|\s(?=(?:but|and|so|because|then)\s)/g;

/**
 * A sentence's first whole clauses within `room`, then "...": "She's not answering when I knock her TV's on
 * the building manager has a key..." of an engine's run-on that goes on to "but he says he can't go in" (issue
 * 32). Cut only where a clause ends, never inside one ("please do not take" never becomes "please do..."); null
 * when no such head of at least CLAUSE_WORDS_AT_LEAST words fits.
 */
function clausesWithin(sentence: string, room: number): string | null {
  let best: string | null = null;
  for (const match of sentence.matchAll(CLAUSE_END)) {
    const head = sentence.slice(0, match.index).replace(/[\s,;:-]+$/, '');
    if (head.length + 3 > room) break;
    if (head.split(/\s+/).length >= CLAUSE_WORDS_AT_LEAST) best = `${head}...`;
  }
  return best;
}

/**
 * The longest text `build` makes within `maxSegments` billed segments, counted truthfully (`segmentCount`: a
 * character outside GSM-7 halves the room). `build(room)` must grow with `room`, which runs from 0 to
 * `maxRoom`; a message that does not fit even at room 0 is returned as built at room 0.
 */
export function longestWithinSegments(
  build: (room: number) => string,
  maxRoom: number,
  maxSegments: number,
): string {
  if (segmentCount(build(maxRoom)) <= maxSegments) return build(maxRoom);
  let [low, high] = [0, maxRoom];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (segmentCount(build(middle)) <= maxSegments) low = middle;
    else high = middle - 1;
  }
  return build(low);
}
