/**
 * SPELL words: added to the sender's list (duplicates, ignoring case, kept once), refused as a whole when the
 * list would pass SPELL_MAX_WORDS (the store's schema decides); SPELL: the list; SPELL CLEAR: emptied. A
 * sender on the opt-out list gets no answer, but the list is still written.
 */

import { SPELL, type SpellCommand } from '#core/commands/spell';
import { SPELL_MAX_WORDS, senderPreferencesPatchSchema } from '#core/senders/sender-preferences';
import { SPELL_TEXT, type SpellAnswer } from '#core/texts/service-texts';
import { readSenderChoices } from '../sender-language';
import { type AskedText, type CommandEntry, replyTo, type SenderChoiceDeps } from './text-command';

/** SPELL's entry: answered after the voice messages sent with it. */
export const spellCommand: CommandEntry<'SPELL', SenderChoiceDeps, 'spell'> = {
  command: SPELL,
  turn: 'after-voice',
  answer: answerSpell,
};

/** SPELL: the list shown, cleared or added to (refused whole past SPELL_MAX_WORDS). */
async function answerSpell(
  deps: SenderChoiceDeps,
  { from }: AskedText,
  asked: SpellCommand,
): Promise<'spell'> {
  const { preferences, language } = await readSenderChoices(deps.preferences, from);
  const current = preferences?.spell ?? [];
  let answer: SpellAnswer;
  if (asked.kind === 'list') answer = { kind: 'list', words: current };
  else if (asked.kind === 'clear') {
    await deps.preferences.update(from, { spell: null }, deps.clock());
    answer = { kind: 'cleared' };
  } else {
    const words = withoutDuplicates([...current, ...asked.words]);
    const patch = senderPreferencesPatchSchema.safeParse({ spell: words });
    if (!patch.success) answer = { kind: 'too-many', count: words.length };
    else {
      const saved = await deps.preferences.update(from, patch.data, deps.clock());
      answer = { kind: 'saved', words: saved.spell ?? [] };
    }
  }
  await replyTo(deps, from, SPELL_TEXT(deps.serviceName, answer, SPELL_MAX_WORDS, language), 'spell');
  return 'spell';
}

/** The words in order, each kept once (the first spelling when two differ only in case). */
function withoutDuplicates(words: readonly string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
