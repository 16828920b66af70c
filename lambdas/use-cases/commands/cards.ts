/**
 * CARDS ON / CARDS OFF: whether this sender's replies bring the contact card and the event as MMS attachments
 * (off unless chosen: an MMS may cost the sender more); CARDS: the current choice; anything else: how to use
 * it. A sender on the opt-out list gets no answer, but the choice is still recorded.
 */

import { CARDS, type CardsCommand } from '#core/commands/cards';
import { CARDS_TEXT, type CardsAnswer } from '#core/texts/service-texts';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import { readSenderChoices } from '../sender-language';
import { type AskedText, type CommandEntry, type ReplyDeps, replyTo } from './text-command';

/** What CARDS uses: the sender's preferences (read and written), the gate, and the service's name. */
export type CardsDeps = ReplyDeps & {
  readonly preferences: Pick<SenderPreferencesRepository, 'get' | 'update'>;
  readonly serviceName: string;
};

/** CARDS' entry: answered after the voice messages sent with it. */
export const cardsCommand: CommandEntry<'CARDS', CardsDeps, 'cards'> = {
  command: CARDS,
  turn: 'after-voice',
  answer: answerCards,
};

/** CARDS: the choice set or shown, or how to use it. */
async function answerCards(deps: CardsDeps, { from }: AskedText, asked: CardsCommand): Promise<'cards'> {
  const { preferences, language } = await readSenderChoices(deps.preferences, from);
  let answer: CardsAnswer;
  if (asked.kind === 'unknown') answer = { kind: 'unknown' };
  else if (asked.kind === 'set') {
    await deps.preferences.update(from, { cards: asked.on }, deps.clock());
    answer = { kind: 'set', on: asked.on };
  } else answer = { kind: 'current', on: preferences?.cards === true };
  await replyTo(deps, from, CARDS_TEXT(deps.serviceName, answer, language), 'cards');
  return 'cards';
}
