/**
 * The keyword that erases the sender's voice messages, transcripts, summaries and audio (the terms and the
 * FAQ name it). Only the whole message counts: "delete this one" is an ordinary text. DELETE alone asks for a
 * code; `DELETE <code>` from the same number within DELETE_CODE_MINUTES erases (a forged sender never sees
 * the code).
 */
import { messageWords, withoutSurrounding } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that erases the sender's messages (with the code it texts back). */
export const DELETE_KEYWORDS = ['DELETE'] as const;

/** Digits in the code DELETE is answered with. */
export const DELETE_CODE_DIGITS = 6;
/**
 * Digits in the day's last code: it works until the day ends and wrong tries never spend it (a forger who
 * guessed wrong three times would otherwise leave the owner no code), so it is long enough that guessing it
 * is hopeless at any number of tries.
 */
export const DELETE_LAST_CODE_DIGITS = 12;
/** How long a DELETE code works. */
export const DELETE_CODE_MINUTES = 10;
/**
 * DELETE codes one number may be texted a day (UTC). The day's last code works until the day ends, since no
 * other can reach the phone before then (use-cases/commands/delete.ts; the terms say so).
 */
export const DELETE_CODE_TEXTS_PER_DAY = 10;
/** Answers to a wrong or dead DELETE code one number may be texted a day (apart, so guesses spend no code texts). */
export const DELETE_ANSWER_TEXTS_PER_DAY = 10;
/** Tries a DELETE code allows: each wrong code takes one, and the last wrong one spends the code. */
export const DELETE_CODE_TRIES = 3;

/** What a DELETE text asks for: a code (`request`), or the erasure with the code it carries (`confirm`). */
export type DeleteCommand =
  | { readonly kind: 'request' }
  | { readonly kind: 'confirm'; readonly code: string };

/**
 * The DELETE command a whole message is, or null: `DELETE` alone, or `DELETE` and one word of digits (any
 * number of them: a code of the wrong length is a wrong code, not an ordinary text).
 */
export function parseDeleteCommand(body: string | null | undefined): DeleteCommand | null {
  const words = messageWords(body);
  if (words[0]?.toUpperCase() !== DELETE_KEYWORDS[0] || words.length > 2) return null;
  if (words.length === 1) return { kind: 'request' };
  const code = withoutSurrounding(words[1]!);
  return /^\d{1,12}$/.test(code) ? { kind: 'confirm', code } : null;
}

/** DELETE, or DELETE and its code. */
export const DELETE = {
  name: 'DELETE',
  words: DELETE_KEYWORDS,
  parse: parseDeleteCommand,
  kind: 'delete',
  help: 'list',
} as const satisfies TextedCommand<'DELETE', DeleteCommand, 'delete'>;
