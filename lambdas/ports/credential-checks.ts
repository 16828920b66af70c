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

/** Twilio's answer about an account, and whether `phoneNumber` is one of its numbers (when it took them). */
export type TwilioAnswer =
  | (ProviderAnswer & { readonly outcome: 'refused' | 'rate-limited' | 'unreachable' })
  | { readonly outcome: 'inactive'; readonly status: string }
  | { readonly outcome: 'accepted'; readonly ownsNumber: boolean };

export interface TwilioAccountCheck {
  check(credentials: {
    readonly accountSid: string;
    readonly authToken: string;
    readonly phoneNumber: string;
  }): Promise<TwilioAnswer>;
}
