/** How the service writes a phone number in a text (core: the reply and the offline summarizer share it). */

/** US numbers (10 digits, or 11 with the leading 1) as people write them; anything else as given. */
export function formatCallbackNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length === 10) return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  if (national.length === 7 && number.replace(/[\d\s().-]/g, '') === '') {
    return `${national.slice(0, 3)}-${national.slice(3)}`;
  }
  return number.trim();
}
