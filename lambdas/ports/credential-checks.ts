/** Whether a provider accepts the credentials saved in Settings (asked by the Settings modal's Check buttons). */

/** How a provider answered: it took the credentials, refused them, or could not be asked. */
export type ProviderAnswer =
  | { readonly outcome: 'accepted' }
  | { readonly outcome: 'refused' }
  | { readonly outcome: 'rate-limited' }
  | { readonly outcome: 'unreachable'; readonly reason: string };

export interface OpenAiKeyCheck {
  /** Asks OpenAI with `apiKey` (a request that costs nothing). */
  check(apiKey: string): Promise<ProviderAnswer>;
}

/** One of the account's numbers and where Twilio sends what comes to it (IncomingPhoneNumbers' SmsUrl, VoiceUrl). */
export type TwilioNumberUrls = {
  readonly number: string;
  readonly smsUrl: string | null;
  readonly voiceUrl: string | null;
};

/**
 * Twilio's answer about an account, whether `phoneNumber` is one of its numbers (when it took them), and
 * every number of the account with its webhooks (issue 33: Setup checks them).
 */
export type TwilioAnswer =
  | (ProviderAnswer & { readonly outcome: 'refused' | 'rate-limited' | 'unreachable' })
  | { readonly outcome: 'inactive'; readonly status: string }
  | {
      readonly outcome: 'accepted';
      readonly ownsNumber: boolean;
      readonly numbers: readonly TwilioNumberUrls[];
    };

export interface TwilioAccountCheck {
  check(credentials: {
    readonly accountSid: string;
    readonly authToken: string;
    readonly phoneNumber: string;
  }): Promise<TwilioAnswer>;
}
