/** START re-subscribes a sender who opted out (UNSTOP too, as at Twilio). */
import { keywordParser } from './message-words';
import type { TextedCommand } from './texted-command';
import { YES_KEYWORDS } from './yes';

/** Keywords that only resubscribe. */
export const START_KEYWORDS = ['START', 'UNSTOP'] as const;

/** Every keyword that resubscribes a sender who opted out: START's, and YES (which also confirms a sign-up). */
export const OPT_IN_KEYWORDS = [...START_KEYWORDS, ...YES_KEYWORDS] as const;

/** START or UNSTOP, the whole message. */
export const START = {
  name: 'START',
  words: START_KEYWORDS,
  parse: keywordParser(START_KEYWORDS),
  kind: 'opt-in',
  // Named where it answers: the opt-out confirmation says "Reply START to resubscribe".
  help: 'none',
} as const satisfies TextedCommand<'START', true, 'opt-in'>;
