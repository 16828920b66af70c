/**
 * CARDS ON / CARDS OFF: whether this sender's replies bring the contact card and the event as MMS attachments
 * (off unless chosen: an MMS may cost the sender more); CARDS: the current choice; anything else: how to use
 * it. A sender on the opt-out list gets no answer, but the choice is still recorded.
 */

import { CARDS, type CardsCommand } from '#core/commands/cards';
import { CARDS_TEXT, type CardsAnswer } from '#core/texts/service-texts';
import { readSenderChoices } from '../sender-language';
import { type AskedText, type CommandEntry, replyTo, type SenderChoiceDeps } from './text-command';

/** CARDS' entry: answered after the voice messages sent with it. */
export const cardsCommand: CommandEntry<'CARDS', SenderChoiceDeps, 'cards'> = {
  command: CARDS,
  turn: 'after-voice',
  answer: answerCards,
};

/** CARDS: the choice set or shown, or how to use it. */
async function answerCards(
  deps: SenderChoiceDeps,
  { from }: AskedText,
  asked: CardsCommand,
): Promise<'cards'> {
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
