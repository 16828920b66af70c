/** Which country a phone number belongs to: by region, so +1 876 is Jamaica, not the US. */
export interface PhoneRegions {
  /** The country (ISO 3166-1 alpha-2) of an E.164 number, or null when it is not a valid number. */
  countryOf(e164: string): string | null;
}
