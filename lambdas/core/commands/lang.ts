/**
 * The keyword that chooses the language replies are written in: `LANG es`, `LANG` (the current choice),
 * `LANG AUTO` (each message's own language). Like the others it must be the whole message: the word and at
 * most one code ("lang es please" is an ordinary text).
 */
import { wordAfter } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that chooses the replies' language. */
export const LANG_KEYWORD = 'LANG';

/** What a LANG text asks for; `code` is what followed LANG, lowercased (checked against the languages later). */
export type LangCommand =
  | { readonly kind: 'current' }
  | { readonly kind: 'auto' }
  | { readonly kind: 'set'; readonly code: string };

/** The LANG command a whole message is, or null when it is not one. */
export function parseLangCommand(body: string | null | undefined): LangCommand | null {
  const code = wordAfter(body, LANG_KEYWORD)?.toLowerCase();
  if (code === undefined) return null;
  if (code === '') return { kind: 'current' };
  return code === 'auto' ? { kind: 'auto' } : { kind: 'set', code };
}

/** LANG, LANG AUTO, or LANG and a language code. */
export const LANG = {
  name: LANG_KEYWORD,
  words: [LANG_KEYWORD],
  parse: parseLangCommand,
  kind: 'lang',
  help: 'list',
} as const satisfies TextedCommand<typeof LANG_KEYWORD, LangCommand, 'lang'>;
