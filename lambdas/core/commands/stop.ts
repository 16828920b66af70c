/**
 * STOP and its synonyms end all messages to the number, whatever comes with them (SPEC section 9). STOPALL,
 * REVOKE and OPTOUT are opt-outs too, as in Twilio's default opt-out list, so our record of who opted out
 * agrees with the numbers Twilio itself blocks. An opt-out in the sender's own words ("please stop texting
 * me") is one too: honoured as STOP is, but Twilio does not know it, so the service confirms it itself.
 */
import { isKeyword } from './message-words';
import type { TextedCommand } from './texted-command';

/** Keywords that end all messages to the sender (SPEC section 9, plus Twilio's STOPALL, REVOKE, OPTOUT). */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
] as const;

/**
 * Ways people say "stop" that are not a keyword (the FCC's 2025 rule counts any reasonable wording as a
 * revocation of consent). Matched against the whole message, lowercased, with punctuation, emoji and a
 * leading "please" or trailing "thanks" taken off. Phrases about calls ("stop calling me") are left out on
 * purpose: this number never calls, and such a note usually travels with a forwarded voicemail about a caller.
 * docs/decisions/commands.md lists them for the terms and the operator.
 */
export const REVOCATION_PATTERNS: readonly RegExp[] = [
  /^stop( it)?( now)?$/,
  /^stop (texting|messaging|sending|contacting|txting|msging)( me)?( (texts|messages|these|this))?( now| anymore| any more)?$/,
  /^(unsubscribe|unsub|opt ?out|opt me out|remove me|delete me from (this|the|your) list)( me)?( now)?( from (this|the|your) list)?$/,
  /^take me off( (this|the|your) list)?$/,
  /^(no|dont send|don t send) (more|any more|anymore) (texts|messages)$/,
  /^(do not|dont|don t) (text|message|contact) me( again| anymore| any more)?$/,
  /^i (want to|would like to) (unsubscribe|opt out|stop (these|the) (texts|messages))$/,
];

/** Lowercase words only, with a polite "please" before or "thanks" after taken off. */
function normalizedWords(body: string): string {
  return body
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(please|pls|plz) /, '')
    .replace(/ (please|pls|plz|thanks|thank you|thx)$/, '')
    .trim();
}

/**
 * An opt-out: `opt-out` for a keyword (Twilio confirms it), `revocation` for the sender's own words (the
 * service confirms it, once), or null. No command's own words are either: a command starts with its word.
 */
export function parseOptOut(body: string | null | undefined): 'opt-out' | 'revocation' | null {
  if (isKeyword(body, OPT_OUT_KEYWORDS)) return 'opt-out';
  const words = normalizedWords(body ?? '');
  return REVOCATION_PATTERNS.some((pattern) => pattern.test(words)) ? 'revocation' : null;
}

/** STOP, its synonyms, and an opt-out in the sender's own words. */
export const STOP = {
  name: 'STOP',
  words: OPT_OUT_KEYWORDS,
  parse: parseOptOut,
  kind: (asked) => asked,
  help: 'closing',
} as const satisfies TextedCommand<'STOP', 'opt-out' | 'revocation', 'opt-out' | 'revocation'>;
