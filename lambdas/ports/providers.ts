import type { MediaFetcher } from './media-fetcher';
import type { PhoneNumberProvider } from './phone-numbers';
import type { SmsSender } from './sms-sender';
import type { Summarizer } from './summarizer';
import type { Transcriber } from './transcriber';

/**
 * The providers chosen from the current settings on every use (OpenAI or local engines; Twilio or the
 * outbox): lambdas/composition/provider-choice.ts makes the choice, the use cases ask for the one they need.
 */
export type Providers = {
  transcriber(): Promise<Transcriber>;
  summarizer(): Promise<Summarizer>;
  /** Whether transcription goes to OpenAI, which refuses some formats (they are converted first). */
  transcribesWithOpenAi(): Promise<boolean>;
  /**
   * The SMS sender and the number it sends from, or null when no SMS provider is configured. Only the
   * outbound gate (lambdas/use-cases/outbound-sms.ts) sends with it.
   */
  smsSender(): Promise<{ readonly sender: SmsSender; readonly from: string | null } | null>;
  mediaFetcher(): Promise<MediaFetcher>;
  /**
   * Buys and releases forwarding numbers (issue 33): Twilio with the saved credentials; locally, the stand-in of
   * Twilio's API; null when neither is there (FORWARD then says the operator has not set calls up).
   */
  phoneNumbers(): Promise<PhoneNumberProvider | null>;
};
