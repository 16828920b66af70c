/**
 * The conditional call-forwarding codes the service texts (issue 33): the subscriber's phone still rings
 * first, and only calls it does not answer (or is busy or off for) go to their forwarding number.
 *
 * - AT&T: `*92<10 digits>#` forwards unanswered calls, `*93#` undoes it.
 * - Verizon: `*71<10 digits>` forwards unanswered and busy calls, `*73` undoes it.
 * - T-Mobile and other GSM networks: `**004*<+1 number>#` forwards when unanswered, busy or unreachable,
 *   `##004#` undoes it.
 *
 * Never `*72` (Verizon) or `**21*` (GSM): they forward every call unconditionally, so the phone never rings.
 * test/unit/forwarding-texts.test.ts fails when any text contains them.
 */
import type { Carrier } from './forwarding-number';

export type ForwardingCode = {
  /** What the subscriber dials (and presses Call) to turn conditional forwarding on. */
  readonly on: string;
  /** What they dial to turn it off. */
  readonly off: string;
};

/** The carrier as the texts name it. */
export const CARRIER_NAMES: Readonly<Record<Carrier, string>> = {
  att: 'AT&T',
  verizon: 'Verizon',
  gsm: 'T-Mobile',
};

/** The ten digits of a US number (+13125550100 -> 3125550100). */
function tenDigits(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The codes that forward `number` (E.164) on `carrier` when the phone is not answered, and undo it. */
export function forwardingCode(carrier: Carrier, number: string): ForwardingCode {
  const ten = tenDigits(number);
  switch (carrier) {
    case 'att':
      return { on: `*92${ten}#`, off: '*93#' };
    case 'verizon':
      return { on: `*71${ten}`, off: '*73' };
    case 'gsm':
      return { on: `**004*+1${ten}#`, off: '##004#' };
  }
}

/** The words a subscriber names their carrier with, without spaces or punctuation, upper case. */
const CARRIER_WORDS: Readonly<Record<string, Carrier>> = {
  ATT: 'att',
  'AT&T': 'att',
  ATANDT: 'att',
  VERIZON: 'verizon',
  VZW: 'verizon',
  TMOBILE: 'gsm',
  'T-MOBILE': 'gsm',
  GSM: 'gsm',
};

/** The carrier `word` names (ATT, AT&T, Verizon, T-Mobile, TMOBILE, GSM...), or null. */
export function carrierFromWord(word: string): Carrier | null {
  const upper = word.toUpperCase().replace(/[\s.]+/g, '');
  return CARRIER_WORDS[upper] ?? CARRIER_WORDS[upper.replace(/[^A-Z0-9]/g, '')] ?? null;
}

/** Codes that forward every call (the phone never rings): no text may contain them. */
export const UNCONDITIONAL_CODES = ['*72', '**21*'] as const;
