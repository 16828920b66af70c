/** HELP (or INFO) is answered with what the service does, its commands, support, rates, STOP and HELP. */
import { keywordParser } from './message-words';
import type { TextedCommand } from './texted-command';

/** Keywords answered with the help text. */
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

/** HELP or INFO, the whole message. */
export const HELP = {
  name: 'HELP',
  words: HELP_KEYWORDS,
  parse: keywordParser(HELP_KEYWORDS),
  kind: 'help',
  help: 'closing',
} as const satisfies TextedCommand<'HELP', true, 'help'>;
