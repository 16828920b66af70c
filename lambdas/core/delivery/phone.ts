/**
 * Phone numbers as people type them, normalized to E.164. US (NANP) formats are accepted with or without
 * the leading 1; other countries must be written with a leading +.
 */
export type PhoneResult =
  | { readonly ok: true; readonly e164: string }
  | { readonly ok: false; readonly error: string };

export const PHONE_FORMAT_HELP =
  'Enter a US phone number such as (415) 555-0132, or an international number starting with + and the country code.';

const SEPARATORS = /[\s().\-‐-―]/g;

/** Area codes and exchanges in the NANP start with 2-9; N11 codes are service codes, not numbers. */
function isValidNanp(ten: string): boolean {
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(ten)) return false;
  if (ten[1] === '1' && ten[2] === '1') return false;
  if (ten[4] === '1' && ten[5] === '1') return false;
  return true;
}

export function normalizePhone(input: string): PhoneResult {
  const raw = input.trim();
  if (raw === '') return { ok: false, error: 'Phone number is empty.' };
  const compact = raw.replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) {
    return { ok: false, error: `"${raw}" is not a phone number. ${PHONE_FORMAT_HELP}` };
  }
  let e164: string;
  if (compact.startsWith('+')) {
    e164 = compact;
  } else if (compact.length === 10) {
    e164 = `+1${compact}`;
  } else if (compact.length === 11 && compact.startsWith('1')) {
    e164 = `+${compact}`;
  } else {
    return { ok: false, error: `"${raw}" is not a US phone number. ${PHONE_FORMAT_HELP}` };
  }
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) {
    return { ok: false, error: `"${raw}" is not a valid phone number. ${PHONE_FORMAT_HELP}` };
  }
  if (e164.startsWith('+1')) {
    const ten = e164.slice(2);
    if (ten.length !== 10 || !isValidNanp(ten)) {
      return { ok: false, error: `"${raw}" is not a valid US phone number. ${PHONE_FORMAT_HELP}` };
    }
  }
  return { ok: true, e164 };
}

/** Strict E.164, as Twilio expects for a sending number. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/** A number as people read it: US and Canadian (+1) numbers as (415) 555-0132, others in E.164. */
export function formatPhoneNumber(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}

/**
 * Phone numbers as providers quote them in error texts ("The 'To' number +14155550123 is not valid"): an
 * international number with its +, or a bare run of 10 to 15 digits. Dates, error codes and ids are left.
 */
const QUOTED_PHONE = /\+\d[\d\s().-]{6,18}\d|\b\d{10,15}\b/g;

/** `text` without the phone numbers in it: for texts kept where a sender's DELETE cannot reach (logs, run history). */
export function redactPhoneNumbers(text: string): string {
  return text.replace(QUOTED_PHONE, '[number]');
}
