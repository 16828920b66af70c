/**
 * Where replies may go. The +1 calling code covers the US and Canada but also Caribbean countries whose
 * premium routes SMS pumping targets (Jamaica +1 876, the Bahamas +1 242...), so the decision is by region
 * (ports/phone-regions.ts: libphonenumber's metadata of which area codes belong to which country), not by
 * calling code.
 */
import * as z from 'zod';

/** Replies go to the US and Canada unless an operator adds countries in Settings. */
export const DEFAULT_REPLY_COUNTRIES: readonly string[] = ['US', 'CA'];

/** ISO 3166-1 alpha-2 codes, as settings store them. */
export const COUNTRY_CODE = /^[A-Z]{2}$/;

/** Whether a reply may go to a number in `country` (null: not a valid number) under the allowed countries. */
export function mayReplyTo(country: string | null, countries: readonly string[]): boolean {
  return country !== null && countries.includes(country);
}

/** A number that texted STOP: no text goes to it until it texts START. */
export const optOutSchema = z.object({ phone_number: z.string(), opted_out_at: z.string() });
export type OptOut = z.infer<typeof optOutSchema>;
