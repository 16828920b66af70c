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

/** What an inbound text asks for. */
export type InboundTextKind = 'opt-out' | 'opt-in' | 'help' | 'other' | 'empty';

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

/** Keywords answered with the help text. */
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

const KIND_BY_KEYWORD: ReadonlyMap<string, InboundTextKind> = new Map([
  ...OPT_OUT_KEYWORDS.map((keyword) => [keyword, 'opt-out'] as const),
  ...OPT_IN_KEYWORDS.map((keyword) => [keyword, 'opt-in'] as const),
  ...HELP_KEYWORDS.map((keyword) => [keyword, 'help'] as const),
]);

/** Whitespace, punctuation and symbols (emoji included) around the message. */
const SURROUNDING = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

/** Classifies an inbound text body: a whole-message opt-out, opt-in or help keyword, empty, or anything else. */
export function classifyInboundText(body: string | null | undefined): InboundTextKind {
  if (body === null || body === undefined || body.trim() === '') return 'empty';
  const word = body.replace(SURROUNDING, '').toUpperCase();
  return KIND_BY_KEYWORD.get(word) ?? 'other';
}
