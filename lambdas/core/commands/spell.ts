/**
 * `SPELL <words>`: names and terms to spell right in this sender's messages, added to their list; `SPELL`
 * alone: the list; `SPELL CLEAR`: an empty list. Unlike MODE and LANG it takes any number of words (the
 * limit is the store's schema's, checked when the list is written), separated by spaces or commas.
 */
import { withoutSurrounding } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that keeps words to spell right. */
export const SPELL_KEYWORD = 'SPELL';

/** What a SPELL text asks for; `words` as the sender wrote them, punctuation around each taken off. */
export type SpellCommand =
  | { readonly kind: 'list' }
  | { readonly kind: 'clear' }
  | { readonly kind: 'add'; readonly words: readonly string[] };

/** The SPELL command a message is (it must start with the word SPELL), or null when it is not one. */
export function parseSpellCommand(body: string | null | undefined): SpellCommand | null {
  const words = withoutSurrounding(body ?? '')
    .split(/[\s,;]+/)
    .map(withoutSurrounding)
    .filter((word) => word !== '');
  if (words[0]?.toUpperCase() !== SPELL_KEYWORD) return null;
  const rest = words.slice(1);
  if (rest.length === 0) return { kind: 'list' };
  if (rest.length === 1 && rest[0]!.toUpperCase() === 'CLEAR') return { kind: 'clear' };
  return { kind: 'add', words: rest };
}

/** SPELL, SPELL CLEAR, or SPELL and words. */
export const SPELL = {
  name: SPELL_KEYWORD,
  words: [SPELL_KEYWORD],
  parse: parseSpellCommand,
  kind: 'spell',
  help: 'list',
} as const satisfies TextedCommand<typeof SPELL_KEYWORD, SpellCommand, 'spell'>;
