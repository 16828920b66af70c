/**
 * START re-subscribes a sender who opted out (UNSTOP and YES too, Twilio's opt-in keywords). YES confirmed a
 * sign-up before issue 31; now only the sign-up's own JOIN code does (core/commands/join.ts).
 */
import { keywordParser } from './message-words';
import type { TextedCommand } from './texted-command';

/** Keywords that resubscribe. */
export const START_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;

/** Every keyword that resubscribes a sender who opted out. */
export const OPT_IN_KEYWORDS = START_KEYWORDS;

/** START, UNSTOP or YES, the whole message. */
export const START = {
  name: 'START',
  words: START_KEYWORDS,
  parse: keywordParser(START_KEYWORDS),
  kind: 'opt-in',
  // Named where it answers: the opt-out confirmation says "Reply START to resubscribe".
  help: 'none',
} as const satisfies TextedCommand<'START', true, 'opt-in'>;
