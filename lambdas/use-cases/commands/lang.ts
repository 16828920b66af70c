/**
 * LANG xx: replies in that language from now on (answered in it when the catalogue has it); LANG: the current
 * choice; LANG AUTO: each message's own language again (answered in the language just left); a code we do
 * not know: how to use it, and nothing changes. A sender on the opt-out list gets no answer, but the choice
 * is still recorded.
 */

import { LANG, type LangCommand } from '#core/commands/lang';
import { textLanguage } from '#core/texts/catalogue';
import { supportedLanguage } from '#core/texts/languages';
import { LANG_TEXT, type LangAnswer } from '#core/texts/service-texts';
import { readSenderChoices } from '../sender-language';
import { type AskedText, type CommandEntry, replyTo, type SenderChoiceDeps } from './text-command';

/** LANG's entry: answered after the voice messages sent with it. */
export const langCommand: CommandEntry<'LANG', SenderChoiceDeps, 'lang'> = {
  command: LANG,
  turn: 'after-voice',
  answer: answerLang,
};

/** LANG: the choice shown, cleared or set, answered in the language it leaves the sender with. */
async function answerLang(deps: SenderChoiceDeps, { from }: AskedText, asked: LangCommand): Promise<'lang'> {
  const { preferences, language: current } = await readSenderChoices(deps.preferences, from);
  const chosen = preferences?.language ?? null;
  let answer: LangAnswer;
  let language = current;
  if (asked.kind === 'current') answer = { kind: 'current', language: chosen };
  else if (asked.kind === 'auto') {
    await deps.preferences.update(from, { language: null }, deps.clock());
    answer = { kind: 'auto' };
  } else {
    const code = supportedLanguage(asked.code);
    if (code === null) answer = { kind: 'unknown' };
    else {
      await deps.preferences.update(from, { language: code }, deps.clock());
      answer = { kind: 'set', language: code };
      language = textLanguage(code);
    }
  }
  await replyTo(deps, from, LANG_TEXT(deps.serviceName, answer, language), 'lang');
  return 'lang';
}
