/**
 * `CARDS ON` / `CARDS OFF`: whether this sender's replies bring the caller's contact card and the event the
 * caller named as MMS attachments (issue 25; off unless chosen, MMS may cost the sender more); `CARDS` alone:
 * the current choice. The whole message is the word and at most one more, as MODE.
 */
import { wordAfter } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that turns the MMS attachments on or off. */
export const CARDS_KEYWORD = 'CARDS';

/** What a CARDS text asks for (`unknown`: a second word that is neither ON nor OFF). */
export type CardsCommand =
  | { readonly kind: 'current' }
  | { readonly kind: 'set'; readonly on: boolean }
  | { readonly kind: 'unknown' };

/** The CARDS command a whole message is, or null when it is not one. */
export function parseCardsCommand(body: string | null | undefined): CardsCommand | null {
  const choice = wordAfter(body, CARDS_KEYWORD)?.toUpperCase();
  if (choice === undefined) return null;
  if (choice === '') return { kind: 'current' };
  if (choice === 'ON') return { kind: 'set', on: true };
  if (choice === 'OFF') return { kind: 'set', on: false };
  return { kind: 'unknown' };
}

/** CARDS, CARDS ON or CARDS OFF (anything else after CARDS: how to use it). */
export const CARDS = {
  name: CARDS_KEYWORD,
  words: [CARDS_KEYWORD],
  parse: parseCardsCommand,
  kind: 'cards',
  help: 'list',
} as const satisfies TextedCommand<typeof CARDS_KEYWORD, CardsCommand, 'cards'>;
