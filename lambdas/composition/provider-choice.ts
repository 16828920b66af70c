/**
 * Chooses the providers from the current settings, on every use (settings can change at any time): OpenAI
 * when an API key is saved, else an offline transcriber where the host has one (the local runtime's engines)
 * and the extractive summarizer; Twilio when its credentials and number are saved, else the host's fallback
 * sender (the local outbox) where there is one.
 *
 * Only the choice is made here. The adapters arrive as factories from lambdas/composition/, so each Lambda
 * function bundles only the adapters it can use: another transcriber is one more factory there.
 */

import { PermanentError } from '#core/messages/pipeline-errors';
import { DEFAULT_SETTINGS } from '#core/operator/settings';
import { summarizeExtractively } from '../adapters/extractive/extractive-summarizer';
import { LOCAL_ACCOUNT_SID } from '../adapters/twilio/local-account';
import type { MediaFetcher } from '../ports/media-fetcher';
import type { PhoneNumberProvider } from '../ports/phone-numbers';
import type { Providers } from '../ports/providers';
import type { SecretStore } from '../ports/secret-store';
import type { SettingsRepository } from '../ports/settings-repository';
import type { SmsSender } from '../ports/sms-sender';
import type { Summarizer } from '../ports/summarizer';
import type { Transcriber } from '../ports/transcriber';

/** The local summarizer, behind the same port as OpenAI's. */
const extractiveSummarizer: Summarizer = {
  summarize: async ({ text, words }) => ({ ...summarizeExtractively(text, words), engine: 'extractive' }),
};

export type TwilioCredentials = {
  readonly accountSid: string;
  readonly authToken: string;
  readonly from: string | null;
};

/** Whether an OpenAI key is saved: transcription then goes to OpenAI, which refuses some formats. */
export async function openAiKeySaved(secrets: SecretStore): Promise<boolean> {
  return (await secrets.get('openai_api_key')) !== null;
}

/** OpenAI with a saved key; else the host's offline transcriber; else a failure that says what to do. */
export function selectTranscriber(deps: {
  readonly secrets: SecretStore;
  readonly openAi: (apiKey: string) => Transcriber;
  readonly offline: (() => Transcriber) | null;
}): Pick<Providers, 'transcriber'> {
  let offline: Transcriber | undefined;
  return {
    async transcriber() {
      const apiKey = await deps.secrets.get('openai_api_key');
      if (apiKey) return deps.openAi(apiKey);
      if (!deps.offline) {
        throw new PermanentError(
          'No OpenAI API key is saved, and this deployment has no local transcription engine: save a key in Settings.',
        );
      }
      offline ??= deps.offline();
      return offline;
    },
  };
}

/** OpenAI with a saved key, else the extractive summarizer (pure code, available everywhere). */
export function selectSummarizer(deps: {
  readonly secrets: SecretStore;
  readonly openAi: (apiKey: string) => Summarizer;
}): Pick<Providers, 'summarizer'> {
  return {
    async summarizer() {
      const apiKey = await deps.secrets.get('openai_api_key');
      return apiKey ? deps.openAi(apiKey) : extractiveSummarizer;
    },
  };
}

/** The Account SID and number from the settings with the saved auth token; null until both are saved. */
function twilioCredentials(deps: {
  readonly settings: SettingsRepository;
  readonly secrets: SecretStore;
}): () => Promise<TwilioCredentials | null> {
  return async () => {
    const [settings, token] = await Promise.all([deps.settings.get(), deps.secrets.get('twilio_auth_token')]);
    const record = settings ?? DEFAULT_SETTINGS;
    return record.twilio_account_sid && token
      ? { accountSid: record.twilio_account_sid, authToken: token, from: record.twilio_phone_number }
      : null;
  };
}

/** Twilio once its credentials and number are saved; else the host's fallback sender; else none. */
export function selectSmsSender(deps: {
  readonly settings: SettingsRepository;
  readonly secrets: SecretStore;
  readonly twilio: (credentials: TwilioCredentials & { readonly from: string }) => SmsSender;
  readonly fallback: SmsSender | null;
}): Pick<Providers, 'smsSender'> {
  const credentials = twilioCredentials(deps);
  return {
    async smsSender() {
      const twilio = await credentials();
      if (twilio?.from) return { sender: deps.twilio({ ...twilio, from: twilio.from }), from: twilio.from };
      if (deps.fallback) {
        const settings = (await deps.settings.get()) ?? DEFAULT_SETTINGS;
        return { sender: deps.fallback, from: settings.twilio_phone_number };
      }
      return null;
    },
  };
}

/** Twilio's media API with the saved credentials; locally, the runtime's own token for loopback media. */
export function selectMediaFetcher(deps: {
  readonly settings: SettingsRepository;
  readonly secrets: SecretStore;
  readonly twilio: (options: {
    accountSid: string;
    authToken: string;
    allowLoopback: boolean;
  }) => MediaFetcher;
  readonly allowLoopback: boolean;
  readonly localToken: (() => Promise<string | null>) | null;
}): Pick<Providers, 'mediaFetcher'> {
  const credentials = twilioCredentials(deps);
  return {
    async mediaFetcher() {
      const twilio = await credentials();
      if (twilio) return deps.twilio({ ...twilio, allowLoopback: deps.allowLoopback });
      const localToken = deps.allowLoopback && deps.localToken ? await deps.localToken() : null;
      if (localToken) {
        return deps.twilio({ accountSid: LOCAL_ACCOUNT_SID, authToken: localToken, allowLoopback: true });
      }
      throw new PermanentError(
        'The voice message is stored at Twilio, but no Twilio credentials are saved: save them in Settings, then retry.',
      );
    },
  };
}

/**
 * Buys and releases forwarding numbers (issue 33): Twilio with the saved credentials; else, where the host runs
 * a stand-in of Twilio's API (locally), the same adapter pointed at it with the local account and the host's
 * webhook token; else null (FORWARD then says calls are not set up).
 */
export function selectPhoneNumbers(deps: {
  readonly settings: SettingsRepository;
  readonly secrets: SecretStore;
  readonly twilio: (options: {
    accountSid: string;
    authToken: string;
    apiBaseUrl: string | null;
  }) => PhoneNumberProvider;
  /** The host's stand-in of Twilio's API and the token its requests are signed with, when it has one. */
  readonly local: { readonly apiBaseUrl: string; readonly token: () => Promise<string | null> } | null;
  /** Twilio's API at another origin (tests: the fake). */
  readonly apiBaseUrl: string | null;
}): Pick<Providers, 'phoneNumbers'> {
  const credentials = twilioCredentials(deps);
  return {
    async phoneNumbers() {
      const twilio = await credentials();
      if (twilio) return deps.twilio({ ...twilio, apiBaseUrl: deps.apiBaseUrl });
      const token = deps.local ? await deps.local.token() : null;
      if (deps.local && token) {
        return deps.twilio({
          accountSid: LOCAL_ACCOUNT_SID,
          authToken: token,
          apiBaseUrl: deps.local.apiBaseUrl,
        });
      }
      return null;
    },
  };
}
