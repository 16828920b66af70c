/**
 * Where replies may go. The +1 calling code covers the US and Canada but also Caribbean countries whose
 * premium routes SMS pumping targets (Jamaica +1 876, the Bahamas +1 242...), so the decision is by region,
 * from libphonenumber's metadata (which area codes belong to which country), not by calling code.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Replies go to the US and Canada unless an operator adds countries in Settings. */
export const DEFAULT_REPLY_COUNTRIES: readonly string[] = ['US', 'CA'];

/** ISO 3166-1 alpha-2 codes, as settings store them. */
export const COUNTRY_CODE = /^[A-Z]{2}$/;

/** The country (ISO code) an E.164 number belongs to, or null when it is not a valid number. */
export function destinationCountry(e164: string): string | null {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? (parsed.country ?? null) : null;
}

/** Whether a reply may be texted to this number under the allowed countries. */
export function mayReplyTo(e164: string, countries: readonly string[]): boolean {
  const country = destinationCountry(e164);
  return country !== null && countries.includes(country);
}
