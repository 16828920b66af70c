/**
 * `MODE FULL` / `MODE SUMMARY`: whether this sender's replies carry the transcript; `MODE` alone: the current
 * one. Like LANG, the whole message is the word and at most one more ("mode full please" is an ordinary text).
 */
import type { ReplyMode } from '#core/messages/message';
import { wordAfter } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that chooses the reply mode. */
export const MODE_KEYWORD = 'MODE';

/** What a MODE text asks for (`unknown`: a second word that is neither FULL nor SUMMARY). */
export type ModeCommand =
  | { readonly kind: 'current' }
  | { readonly kind: 'set'; readonly mode: ReplyMode }
  | { readonly kind: 'unknown' };

/** The MODE command a whole message is, or null when it is not one. */
export function parseModeCommand(body: string | null | undefined): ModeCommand | null {
  const choice = wordAfter(body, MODE_KEYWORD)?.toUpperCase();
  if (choice === undefined) return null;
  if (choice === '') return { kind: 'current' };
  if (choice === 'FULL') return { kind: 'set', mode: 'full' };
  if (choice === 'SUMMARY') return { kind: 'set', mode: 'summary_only' };
  return { kind: 'unknown' };
}

/** MODE, MODE FULL or MODE SUMMARY (anything else after MODE: how to use it). */
export const MODE = {
  name: MODE_KEYWORD,
  words: [MODE_KEYWORD],
  parse: parseModeCommand,
  kind: 'mode',
  help: 'list',
} as const satisfies TextedCommand<typeof MODE_KEYWORD, ModeCommand, 'mode'>;
