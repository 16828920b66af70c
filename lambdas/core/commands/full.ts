/** FULL texts back the transcript of the sender's latest voice message (the whole message). */
import { keywordParser } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that texts back the transcript of the sender's latest voice message. */
export const FULL_KEYWORDS = ['FULL'] as const;

/** FULL, the whole message. */
export const FULL = {
  name: 'FULL',
  words: FULL_KEYWORDS,
  parse: keywordParser(FULL_KEYWORDS),
  kind: 'full',
  help: 'list',
} as const satisfies TextedCommand<'FULL', true, 'full'>;
