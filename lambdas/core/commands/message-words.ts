/**
 * How a texted command is read from a message. The carrier rules (CTIA, US A2P 10DLC) require that STOP and
 * its synonyms end all messages to that number and that HELP is answered; Twilio applies the same keywords
 * on its side, matching the whole message body regardless of case.
 *
 * Decisions:
 * - A keyword counts only when it is the whole message ("stop calling me" is no STOP), as at Twilio: a
 *   sentence that merely contains "stop" or "end" is not an opt-out request.
 * - Surrounding whitespace and punctuation or symbols are ignored ("  stop. ", "STOP!", "'Stop'"), which is
 *   slightly wider than Twilio; wrongly honouring an opt-out costs less than wrongly ignoring one.
 * - A command with a choice (LANG es, MODE FULL) starts with its own word, so it is never taken for an
 *   opt-out ("LANG STOP" is a LANG with a code we do not know, "MODE STOP" a MODE).
 */

/** Whitespace, punctuation and symbols (emoji included) around the message or a word. */
const SURROUNDING = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

/** `text` without the whitespace, punctuation and symbols around it. */
export function withoutSurrounding(text: string): string {
  return text.replace(SURROUNDING, '');
}

/** Whether the whole message is one of `keywords` (any case, what surrounds it taken off). */
export function isKeyword(body: string | null | undefined, keywords: readonly string[]): boolean {
  return keywords.includes(withoutSurrounding(body ?? '').toUpperCase());
}

/** The message's words, split at whitespace, what surrounds the message taken off (not what surrounds each word). */
export function messageWords(body: string | null | undefined): string[] {
  return withoutSurrounding(body ?? '').split(/\s+/);
}

/**
 * The word after `keyword` when the whole message is the keyword and at most one more word (what surrounds
 * it taken off, '' when there is none), or null when the message is not that command.
 */
export function wordAfter(body: string | null | undefined, keyword: string): string | null {
  const words = messageWords(body);
  if (words[0]?.toUpperCase() !== keyword || words.length > 2) return null;
  return withoutSurrounding(words[1] ?? '');
}

/** The parser of a one-word command: true when the whole message is one of `keywords`, else null. */
export function keywordParser(keywords: readonly string[]): (body: string) => true | null {
  return (body) => (isKeyword(body, keywords) ? true : null);
}
