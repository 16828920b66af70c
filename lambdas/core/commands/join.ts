/**
 * JOIN and the code the sign-up page showed confirms that sign-up's texts (core/senders/consent.ts): the
 * phone proves itself by texting first. JOIN alone is answered with how to get a code; JOIN with anything
 * but one word of digits is an ordinary text.
 */
import { JOIN_KEYWORD } from '#core/senders/consent';
import { messageWords, withoutSurrounding } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword a sign-up's phone texts with its code. */
export const JOIN_KEYWORDS = [JOIN_KEYWORD] as const;

/**
 * What a JOIN text asks: the code it carries (any length: a code of the wrong length is a wrong code), or
 * none (JOIN alone).
 */
export type JoinCommand = { readonly code: string | null };

/** `JOIN 4821` or `JOIN` as a whole message (what surrounds it and the code taken off, any case), or null. */
export function parseJoinCommand(body: string | null | undefined): JoinCommand | null {
  const words = messageWords(body);
  if (words[0]?.toUpperCase() !== JOIN_KEYWORD || words.length > 2) return null;
  if (words.length === 1) return { code: null };
  const code = withoutSurrounding(words[1]!);
  return /^\d{1,12}$/.test(code) ? { code } : null;
}

/** JOIN and a code (or alone). Named where it is invited: the sign-up page's "Text JOIN 4821 to ...". */
export const JOIN = {
  name: JOIN_KEYWORD,
  words: JOIN_KEYWORDS,
  parse: parseJoinCommand,
  kind: 'join',
  help: 'none',
} as const satisfies TextedCommand<typeof JOIN_KEYWORD, JoinCommand, 'join'>;
