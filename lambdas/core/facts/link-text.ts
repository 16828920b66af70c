/**
 * Text that reads as a web address or an e-mail (issue 31): "https://evil.example/pay", "www.chase.com",
 * "chase.com", "pay@chase.com", and the same said aloud ("chase dot com", "w w w"). None of it is ever stated
 * in a text, a card, an event or an urgency reason: a summarizer can be talked into adding one to a caller's
 * name ("Rebecca https://evil.example/pay"), and a scam's whole point is where it sends you. The words are
 * still in the transcript, which says what was heard, and nowhere else.
 */

/**
 * Control, bidirectional and separator characters (C0, C1, U+061C, U+200B-200F, U+2028-202E, U+2060-2069,
 * U+FEFF): they hide or reorder what a reader sees, and nothing a caller says needs them.
 */
export const HIDDEN_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** What stands where a summary held a web address or an e-mail. */
export const LINK_MARK = '[link left out]';

/** A written address: a scheme, "www.", an e-mail, or name.name ending in letters ("chase.com", "evil.example/pay"). */
const WRITTEN_LINK =
  /[a-z][a-z0-9+.-]*:\/\/|\bwww\d?\.|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+\.|\p{L}[\p{L}\p{N}-]*\.(?:[\p{L}\p{N}-]+\.)*[\p{L}\p{N}-]*\p{L}{2,}/iu;

/** The endings of an address said aloud ("dot com", "dot org"...). */
const SPOKEN_ENDINGS = new Set(
  'com net org gov edu io co us info biz app me ly xyz online site shop store link click page web'.split(' '),
);

/** The endings after a Spanish "punto" that make it an address. */
const PUNTO_ENDINGS = new Set(['com', 'net', 'org', 'es', 'mx', 'gob', 'edu']);

/** Words that carry a spoken address on, with the word after each: "slash pay", "dot example". */
const CARRIERS = new Set(['slash', 'dot', 'dash', 'underscore', 'punto', 'barra']);

/** Whether the text holds a web address or an e-mail, written or said aloud. */
export function hasLinkText(text: string): boolean {
  if (WRITTEN_LINK.test(text)) return true;
  return linkSpans(text.split(/\s+/).filter((token) => token !== '')).length > 0;
}

/** Whether `words` (bare) at `index` start a spelled-out "w w w" or "h t t p". */
function spelledOut(words: readonly string[], index: number): number {
  for (const letters of ['www', 'https', 'http']) {
    if ([...letters].every((letter, at) => words[index + at] === letter)) return letters.length;
  }
  return 0;
}

/**
 * The [start, end) token ranges of `tokens` (a text's words as split at whitespace) that carry an address:
 * each written one alone; a spoken one from the word before its "dot" to its end ("chase dot com slash pay").
 */
export function linkSpans(tokens: readonly string[]): [number, number][] {
  // Bare and lowercase, without apostrophes (no import: the message page's bundle reads this module).
  const words = tokens.map((token) =>
    token
      .toLowerCase()
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
      .replace(/[’']/g, ''),
  );
  const spans: [number, number][] = [];
  const add = (start: number, end: number) => {
    const last = spans.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  };
  for (let index = 0; index < tokens.length; index++) {
    if (WRITTEN_LINK.test(tokens[index] ?? '')) add(index, index + 1);
    const spelled = spelledOut(words, index);
    if (spelled > 0) add(index, index + spelled);
    const word = words[index] ?? '';
    // "dot com", and as a Spanish caller says it, "punto com".
    // "Punto" is also "o'clock" ("a las cinco en punto"): only the common endings follow it in an address.
    const after = words[index + 1] ?? '';
    const dot =
      (word === 'dot' && SPOKEN_ENDINGS.has(after)) || (word === 'punto' && PUNTO_ENDINGS.has(after));
    if (dot || word === 'dotcom' || word === 'puntocom') {
      // From the name before "dot" ("chase dot com"); an e-mail's "pay at" before it says nowhere to go alone.
      const start = Math.max(0, index - 1);
      let end = index + (dot ? 2 : 1);
      while (CARRIERS.has(words[end] ?? '') && (words[end + 1] ?? '') !== '') end += 2;
      add(start, end);
    }
  }
  return spans;
}

/** The text with each address in it replaced by LINK_MARK (its other words and spacing as they were). */
export function withoutLinks(text: string): string {
  if (!hasLinkText(text)) return text;
  const tokens = text.split(/\s+/).filter((token) => token !== '');
  const kept: string[] = tokens.slice();
  for (const [start, end] of linkSpans(tokens)) {
    const trailing = /[.,;:!?]+$/.exec(tokens[end - 1] ?? '')?.[0] ?? '';
    kept[start] = `${LINK_MARK}${trailing}`;
    for (let index = start + 1; index < end; index++) kept[index] = '';
  }
  return kept.filter((token) => token !== '').join(' ');
}
