/**
 * What an inbound text with no audio asks for. The carrier rules (CTIA, US A2P 10DLC) require that STOP and
 * its synonyms end all messages to that number and that HELP is answered; Twilio applies the same keywords
 * on its side, matching the whole message body regardless of case.
 *
 * Decisions:
 * - A keyword counts only when it is the whole message ("stop calling me" is 'other'), as at Twilio: a
 *   sentence that merely contains "stop" or "end" is not an opt-out request.
 * - Surrounding whitespace and punctuation or symbols are ignored ("  stop. ", "STOP!", "'Stop'"), which is
 *   slightly wider than Twilio; wrongly honouring an opt-out costs less than wrongly ignoring one.
 * - STOPALL, REVOKE and OPTOUT are opt-outs too, as in Twilio's default opt-out list, so our record of who
 *   opted out agrees with the numbers Twilio itself blocks.
 */

import type { ReplyMode } from '#core/messages/message';

/**
 * What an inbound text asks for. `revocation` is an opt-out in words of the sender's own ("please stop
 * texting me"): honoured as STOP is, but Twilio does not know it, so the service confirms it itself (once).
 */
export type InboundTextKind =
  | 'opt-out'
  | 'revocation'
  | 'opt-in'
  | 'help'
  | 'delete'
  | 'lang'
  | 'mode'
  | 'spell'
  | 'tz'
  | 'cards'
  | 'full'
  | 'upload'
  | 'other'
  | 'empty';

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

/** Keywords that resubscribe a sender who opted out. */
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;

/** Whether the whole message is `keyword` (any case, what surrounds it taken off): YES confirming a sign-up. */
export function isWholeKeyword(body: string | null | undefined, keyword: string): boolean {
  return (body ?? '').replace(SURROUNDING, '').toUpperCase() === keyword;
}

/** Keywords answered with the help text. */
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

/** Whitespace, punctuation and symbols (emoji included) around the message. */
const SURROUNDING = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

/**
 * The keyword that erases the sender's voice messages, transcripts, summaries and audio (the terms and the
 * FAQ name it). Only the whole message counts: "delete this one" is an ordinary text. DELETE alone asks for a
 * code; `DELETE <code>` from the same number within DELETE_CODE_MINUTES erases (a forged sender never sees
 * the code).
 */
export const DELETE_KEYWORDS = ['DELETE'] as const;

/** Digits in the code DELETE is answered with. */
export const DELETE_CODE_DIGITS = 6;
/** How long a DELETE code works. */
export const DELETE_CODE_MINUTES = 10;
/** Tries a DELETE code allows: each wrong code takes one, and the last wrong one spends the code. */
export const DELETE_CODE_TRIES = 3;

/** What a DELETE text asks for: a code (`request`), or the erasure with the code it carries (`confirm`). */
export type DeleteCommand =
  | { readonly kind: 'request' }
  | { readonly kind: 'confirm'; readonly code: string };

/**
 * The DELETE command a whole message is, or null: `DELETE` alone, or `DELETE` and one word of digits (any
 * number of them: a code of the wrong length is a wrong code, not an ordinary text).
 */
export function parseDeleteCommand(body: string | null | undefined): DeleteCommand | null {
  const words = (body ?? '').replace(SURROUNDING, '').split(/\s+/);
  if (words[0]?.toUpperCase() !== DELETE_KEYWORDS[0] || words.length > 2) return null;
  if (words.length === 1) return { kind: 'request' };
  const code = words[1]!.replace(SURROUNDING, '');
  return /^\d{1,12}$/.test(code) ? { kind: 'confirm', code } : null;
}

/** The keyword that texts back the transcript of the sender's latest voice message (the whole message). */
export const FULL_KEYWORDS = ['FULL'] as const;
/** The keyword that answers with a one-hour link to upload a recording too big for MMS (core/audio/upload-link.ts). */
export const UPLOAD_KEYWORDS = ['UPLOAD'] as const;

/**
 * The keyword that chooses the language replies are written in: `LANG es`, `LANG` (the current choice),
 * `LANG AUTO` (each message's own language). Like the others it must be the whole message: the word and at
 * most one code ("lang es please" is an ordinary text).
 */
export const LANG_KEYWORD = 'LANG';

/** What a LANG text asks for; `code` is what followed LANG, lowercased (checked against the languages later). */
export type LangCommand =
  | { readonly kind: 'current' }
  | { readonly kind: 'auto' }
  | { readonly kind: 'set'; readonly code: string };

/** The LANG command a whole message is, or null when it is not one. */
export function parseLangCommand(body: string | null | undefined): LangCommand | null {
  const words = (body ?? '').replace(SURROUNDING, '').split(/\s+/);
  if (words[0]?.toUpperCase() !== LANG_KEYWORD || words.length > 2) return null;
  const code = words[1]?.replace(SURROUNDING, '').toLowerCase();
  if (code === undefined || code === '') return { kind: 'current' };
  return code === 'auto' ? { kind: 'auto' } : { kind: 'set', code };
}

/**
 * `MODE FULL` / `MODE SUMMARY`: whether this sender's replies carry the transcript; `MODE` alone: the current
 * one. Like LANG, the whole message is the word and at most one more ("mode full please" is an ordinary text).
 */
export const MODE_KEYWORD = 'MODE';

/**
 * The word after `keyword` when the whole message is the keyword and at most one more word (uppercased, what
 * surrounds it taken off; '' when there is none), or null when the message is not that command.
 */
function choiceAfter(body: string | null | undefined, keyword: string): string | null {
  const words = (body ?? '').replace(SURROUNDING, '').split(/\s+/);
  if (words[0]?.toUpperCase() !== keyword || words.length > 2) return null;
  return (words[1] ?? '').replace(SURROUNDING, '').toUpperCase();
}

/** What a MODE text asks for (`unknown`: a second word that is neither FULL nor SUMMARY). */
export type ModeCommand =
  | { readonly kind: 'current' }
  | { readonly kind: 'set'; readonly mode: ReplyMode }
  | { readonly kind: 'unknown' };

/** The MODE command a whole message is, or null when it is not one. */
export function parseModeCommand(body: string | null | undefined): ModeCommand | null {
  const choice = choiceAfter(body, MODE_KEYWORD);
  if (choice === null) return null;
  if (choice === '') return { kind: 'current' };
  if (choice === 'FULL') return { kind: 'set', mode: 'full' };
  if (choice === 'SUMMARY') return { kind: 'set', mode: 'summary_only' };
  return { kind: 'unknown' };
}

/**
 * `CARDS ON` / `CARDS OFF`: whether this sender's replies bring the caller's contact card and the event the
 * caller named as MMS attachments (issue 25; off unless chosen, MMS may cost the sender more); `CARDS` alone:
 * the current choice. The whole message is the word and at most one more, as MODE.
 */
export const CARDS_KEYWORD = 'CARDS';

/** What a CARDS text asks for (`unknown`: a second word that is neither ON nor OFF). */
export type CardsCommand =
  | { readonly kind: 'current' }
  | { readonly kind: 'set'; readonly on: boolean }
  | { readonly kind: 'unknown' };

/** The CARDS command a whole message is, or null when it is not one. */
export function parseCardsCommand(body: string | null | undefined): CardsCommand | null {
  const choice = choiceAfter(body, CARDS_KEYWORD);
  if (choice === null) return null;
  if (choice === '') return { kind: 'current' };
  if (choice === 'ON') return { kind: 'set', on: true };
  if (choice === 'OFF') return { kind: 'set', on: false };
  return { kind: 'unknown' };
}

/**
 * `SPELL <words>`: names and terms to spell right in this sender's messages, added to their list; `SPELL`
 * alone: the list; `SPELL CLEAR`: an empty list. Unlike MODE and LANG it takes any number of words (the
 * limit is the store's schema's, checked when the list is written), separated by spaces or commas.
 */
export const SPELL_KEYWORD = 'SPELL';

/** What a SPELL text asks for; `words` as the sender wrote them, punctuation around each taken off. */
export type SpellCommand =
  | { readonly kind: 'list' }
  | { readonly kind: 'clear' }
  | { readonly kind: 'add'; readonly words: readonly string[] };

/** The SPELL command a message is (it must start with the word SPELL), or null when it is not one. */
export function parseSpellCommand(body: string | null | undefined): SpellCommand | null {
  const words = (body ?? '')
    .replace(SURROUNDING, '')
    .split(/[\s,;]+/)
    .map((word) => word.replace(SURROUNDING, ''))
    .filter((word) => word !== '');
  if (words[0]?.toUpperCase() !== SPELL_KEYWORD) return null;
  const rest = words.slice(1);
  if (rest.length === 0) return { kind: 'list' };
  if (rest.length === 1 && rest[0]!.toUpperCase() === 'CLEAR') return { kind: 'clear' };
  return { kind: 'add', words: rest };
}

/**
 * `TZ <zone>`: the time zone of this sender's calendar events, an IANA name (TZ America/Chicago) or a
 * friendly one (TZ CENTRAL, core/cards/time-zones.ts); `TZ`: the current one; `TZ AUTO`: from their number's area
 * code again. Like LANG, the whole message is the word and at most one more.
 */
export const TZ_KEYWORD = 'TZ';

/** What a TZ text asks for; `zone` as the sender wrote it (checked against the zone data later). */
export type TzCommand =
  | { readonly kind: 'current' }
  | { readonly kind: 'auto' }
  | { readonly kind: 'set'; readonly zone: string };

/** The TZ command a whole message is, or null when it is not one. */
export function parseTzCommand(body: string | null | undefined): TzCommand | null {
  const words = (body ?? '').replace(SURROUNDING, '').split(/\s+/);
  if (words[0]?.toUpperCase() !== TZ_KEYWORD || words.length > 2) return null;
  // An IANA name keeps its own punctuation inside ("America/Port-au-Prince"), not around it.
  const zone = words[1]?.replace(SURROUNDING, '');
  if (zone === undefined || zone === '') return { kind: 'current' };
  return zone.toUpperCase() === 'AUTO' ? { kind: 'auto' } : { kind: 'set', zone };
}

const KIND_BY_KEYWORD: ReadonlyMap<string, InboundTextKind> = new Map([
  ...OPT_OUT_KEYWORDS.map((keyword) => [keyword, 'opt-out'] as const),
  ...OPT_IN_KEYWORDS.map((keyword) => [keyword, 'opt-in'] as const),
  ...HELP_KEYWORDS.map((keyword) => [keyword, 'help'] as const),
  ...DELETE_KEYWORDS.map((keyword) => [keyword, 'delete'] as const),
  ...FULL_KEYWORDS.map((keyword) => [keyword, 'full'] as const),
  ...UPLOAD_KEYWORDS.map((keyword) => [keyword, 'upload'] as const),
]);

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
 * Classifies an inbound text body: a whole-message opt-out, opt-in, help, delete or FULL keyword, a DELETE
 * with its code, a LANG, MODE, CARDS, SPELL or TZ command, an opt-out in other words, empty, or anything else. A keyword is one word and is
 * checked first, so an opt-out is never taken for a command; a command starts with its own word, so it is
 * never taken for an opt-out ("LANG STOP" is a LANG with a code we do not know, "MODE STOP" a MODE).
 */
export function classifyInboundText(body: string | null | undefined): InboundTextKind {
  if (body === null || body === undefined || body.trim() === '') return 'empty';
  const word = body.replace(SURROUNDING, '').toUpperCase();
  const keyword = KIND_BY_KEYWORD.get(word);
  if (keyword) return keyword;
  if (parseDeleteCommand(body) !== null) return 'delete';
  if (parseLangCommand(body) !== null) return 'lang';
  if (parseModeCommand(body) !== null) return 'mode';
  if (parseCardsCommand(body) !== null) return 'cards';
  if (parseSpellCommand(body) !== null) return 'spell';
  if (parseTzCommand(body) !== null) return 'tz';
  const words = normalizedWords(body);
  return REVOCATION_PATTERNS.some((pattern) => pattern.test(words)) ? 'revocation' : 'other';
}
