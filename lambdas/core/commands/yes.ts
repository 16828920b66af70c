/**
 * YES re-subscribes as START does, and also confirms the sign-ups waiting for this phone's confirmation
 * (core/senders/consent.ts: a web sign-up's texts count once its phone answers YES).
 */
import { SMS_CONFIRMATION_KEYWORD } from '#core/senders/consent';
import { keywordParser } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that confirms a sign-up's texts (and re-subscribes). */
export const YES_KEYWORDS = [SMS_CONFIRMATION_KEYWORD] as const;

/** YES, the whole message. */
export const YES = {
  name: SMS_CONFIRMATION_KEYWORD,
  words: YES_KEYWORDS,
  parse: keywordParser(YES_KEYWORDS),
  kind: 'opt-in',
  help: 'none',
} as const satisfies TextedCommand<typeof SMS_CONFIRMATION_KEYWORD, true, 'opt-in'>;
