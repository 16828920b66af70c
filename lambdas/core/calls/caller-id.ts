/**
 * The caller's number as the network gives it (Twilio's `From` on a forwarded call, issue 33). It is the
 * callback stated as fact, so anything that is not plainly a caller's number counts as withheld: Twilio's
 * stand-ins for a hidden caller ID (+266696687 "ANONYMOUS", +7378742833 "RESTRICTED", +8656696687 "UNKNOWN",
 * +2562533 "BLOCKED"), words such as "anonymous" or "Restricted", an empty field, or anything not E.164.
 */
import { E164_PATTERN } from '#core/delivery/phone';
import { formatCallbackNumber } from '#core/texts/phone-format';

/** The numbers Twilio puts in `From` when the caller ID is withheld (they spell the words on a keypad). */
export const WITHHELD_CALLER_NUMBERS: readonly string[] = [
  '+266696687', // ANONYMOUS
  '+7378742833', // RESTRICTED
  '+8656696687', // UNKNOWN
  '+2562533', // BLOCKED
];

/** The caller's E.164 number from Twilio's `From`, or null when it is withheld or not a number. */
export function callerFromNetwork(from: string | null | undefined): string | null {
  const value = (from ?? '').trim();
  if (!E164_PATTERN.test(value)) return null;
  return WITHHELD_CALLER_NUMBERS.includes(value) ? null : value;
}

/** How a text names the caller: "(312) 555-0147", or "a private number" when withheld. */
export function callerLabel(caller: string | null, privateNumber = 'a private number'): string {
  return caller === null ? privateNumber : formatCallbackNumber(caller);
}
