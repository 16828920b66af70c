/** A number bought from the phone provider (Twilio's IncomingPhoneNumber). */
export type BoughtNumber = { readonly number: string; readonly sid: string };

/**
 * Buys and releases phone numbers at the provider (Twilio's AvailablePhoneNumbers and IncomingPhoneNumbers).
 * Throws TransientError on 429/5xx/timeouts and PermanentError when the provider refuses.
 */
export interface PhoneNumberProvider {
  /**
   * Buys a US local number in `areaCode` (any area code when none is free there, or none is given), with its
   * voice webhook and status callback set to the given URLs. The number cannot receive texts for anyone.
   */
  buy(options: {
    readonly areaCode: string | null;
    readonly voiceUrl: string;
    readonly statusCallbackUrl: string;
    /** What the provider shows as the number's name: names the subscriber without their number. */
    readonly friendlyName: string;
  }): Promise<BoughtNumber>;
  /** Releases the number (404 at the provider: already gone, which is fine). */
  release(sid: string): Promise<void>;
}
