/** HELP (or INFO): what the service does, the commands, where to get support, rates, STOP and HELP. */
import { HELP } from '#core/commands/help';
import { HELP_TEXT } from '#core/texts/service-texts';
import type { PreferencesReader } from '../sender-language';
import { type AskedText, type CommandEntry, type ReplyDeps, replyInTheirLanguage } from './text-command';

/** What HELP uses: the gate, the LANG, and the names it gives (the service's, the support address). */
export type HelpDeps = ReplyDeps & {
  readonly preferences: PreferencesReader;
  readonly serviceName: string;
  readonly contactEmail: string;
};

/** HELP's entry: answered after the voice messages sent with it. */
export const helpCommand: CommandEntry<'HELP', HelpDeps, 'help'> = {
  command: HELP,
  turn: 'after-voice',
  answer: answerHelp,
};

/** HELP: the help text, in the sender's LANG. */
async function answerHelp(deps: HelpDeps, { from }: AskedText): Promise<'help'> {
  await replyInTheirLanguage(deps, from, 'help', (language) =>
    HELP_TEXT(deps.serviceName, deps.contactEmail, language),
  );
  return 'help';
}
