/**
 * FORWARD (issue 33): a forwarding number of the subscriber's own and the code that sends their unanswered
 * calls to it. `FORWARD` gives (or shows) the number and asks for the carrier; `FORWARD ATT`, `FORWARD VERIZON`,
 * `FORWARD TMOBILE` (T-MOBILE, AT&T, GSM) texts that carrier's code; the carrier's word alone (ATT, VERIZON,
 * TMOBILE, T-MOBILE, AT&T) is the one-word reply to that question, answered as FORWARD when its sender has
 * a forwarding number (use-cases/commands/forward.ts), as any other text when not.
 */
import { carrierFromWord } from '#core/calls/carrier-codes';
import type { Carrier } from '#core/calls/forwarding-number';
import { messageWords, withoutSurrounding } from './message-words';
import type { TextedCommand } from './texted-command';

export const FORWARD_KEYWORD = 'FORWARD';

/** The carrier words that are a reply on their own (GSM alone is too vague a word to take as one). */
export const CARRIER_REPLY_WORDS = ['ATT', 'AT&T', 'VERIZON', 'TMOBILE', 'T-MOBILE'] as const;

/** What a FORWARD text asks for. */
export type ForwardCommand =
  /** FORWARD alone: the number, and which carrier. */
  | { readonly kind: 'number' }
  /** A carrier's code; `bare` when the message was only the carrier's word (a reply to FORWARD). */
  | { readonly kind: 'code'; readonly carrier: Carrier; readonly bare: boolean };

/** The FORWARD command a whole message is, or null when it is not one. */
export function parseForwardCommand(body: string | null | undefined): ForwardCommand | null {
  const whole = withoutSurrounding(body ?? '');
  if (whole === '') return null;
  const words = messageWords(whole);
  if (words[0]?.toUpperCase() === FORWARD_KEYWORD) {
    // "FORWARD T Mobile", "forward at&t": the rest is the carrier, in at most two words. Anything else
    // ("forward this") is no command: a number is never bought on a guess.
    const rest = words.slice(1);
    if (rest.length === 0) return { kind: 'number' };
    if (rest.length > 2) return null;
    const carrier = carrierFromWord(rest.join(''));
    return carrier === null ? null : { kind: 'code', carrier, bare: false };
  }
  if (words.length > 2) return null;
  const word = words.join('').toUpperCase();
  if (!(CARRIER_REPLY_WORDS as readonly string[]).includes(word.replace(/\s/g, ''))) return null;
  const carrier = carrierFromWord(word);
  return carrier === null ? null : { kind: 'code', carrier, bare: true };
}

/** FORWARD, FORWARD and a carrier, or a carrier's word alone. */
export const FORWARD = {
  name: FORWARD_KEYWORD,
  words: [FORWARD_KEYWORD, ...CARRIER_REPLY_WORDS],
  parse: parseForwardCommand,
  kind: 'forward',
  help: 'list',
} as const satisfies TextedCommand<typeof FORWARD_KEYWORD, ForwardCommand, 'forward'>;
