/**
 * Chooses the providers from the current settings, on every use (settings can change at any time): OpenAI
 * when an API key is saved, else the local engines (where installed); Twilio when its credentials and number
 * are saved, else the local outbox (where configured).
 */

import { MoonshineTranscriber } from './adapters/local/moonshine-transcriber';
import { OutboxSmsSender } from './adapters/local/outbox-sms-sender';
import { OpenAiSummarizer } from './adapters/openai/openai-summarizer';
import { OpenAiTranscriber } from './adapters/openai/openai-transcriber';
import { TwilioMediaFetcher } from './adapters/twilio/twilio-media-fetcher';
import { TwilioSmsSender } from './adapters/twilio/twilio-sms-sender';
import type { Config } from './config';
import { summarizeExtractively } from './core/extractive-summary';
import { PermanentError } from './core/pipeline-errors';
import { DEFAULT_SETTINGS } from './core/schemas';
import type { MediaFetcher } from './ports/media-fetcher';
import type { SecretStore } from './ports/secret-store';
import type { SettingsRepository } from './ports/settings-repository';
import type { Summarizer } from './ports/summarizer';
import type { Transcriber } from './ports/transcriber';
import type { Providers } from './use-cases/pipeline';

/** Twilio's test-credential account SID stands in for an account locally, where none is configured. */
const LOCAL_ACCOUNT_SID = `AC${'0'.repeat(32)}`;

/** The local summarizer, behind the same port as OpenAI's. */
const extractiveSummarizer: Summarizer = {
  summarize: async (transcript) => ({ ...summarizeExtractively(transcript), engine: 'extractive' }),
};

let localTranscriber: Transcriber | undefined;

export function createProviders(deps: {
  readonly config: Config;
  readonly settings: SettingsRepository;
  readonly secrets: SecretStore;
  readonly localWebhookToken: () => Promise<string | null>;
}): Providers {
  const { config } = deps;
  const openAiKey = () => deps.secrets.get('openai_api_key');
  const twilioCredentials = async () => {
    const [settings, token] = await Promise.all([deps.settings.get(), deps.secrets.get('twilio_auth_token')]);
    const record = settings ?? DEFAULT_SETTINGS;
    return record.twilio_account_sid && token
      ? { accountSid: record.twilio_account_sid, authToken: token, from: record.twilio_phone_number }
      : null;
  };
  return {
    async transcribesWithOpenAi() {
      return (await openAiKey()) !== null;
    },
    async transcriber() {
      const apiKey = await openAiKey();
      if (apiKey) {
        return new OpenAiTranscriber({
          apiKey,
          model: config.OPENAI_TRANSCRIBE_MODEL,
          ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
        });
      }
      if (config.LOCAL_ENGINES !== 'on') {
        throw new PermanentError(
          'No OpenAI API key is saved, and this deployment has no local transcription engine: save a key in Settings.',
        );
      }
      localTranscriber ??= new MoonshineTranscriber();
      return localTranscriber as Transcriber;
    },
    async summarizer() {
      const apiKey = await openAiKey();
      if (!apiKey) return extractiveSummarizer;
      return new OpenAiSummarizer({
        apiKey,
        model: config.OPENAI_SUMMARY_MODEL,
        ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
      });
    },
    async smsSender() {
      const twilio = await twilioCredentials();
      if (twilio?.from) {
        return {
          sender: new TwilioSmsSender({
            accountSid: twilio.accountSid,
            authToken: twilio.authToken,
            from: twilio.from,
            ...(config.TWILIO_API_BASE_URL ? { apiBaseUrl: config.TWILIO_API_BASE_URL } : {}),
          }),
          from: twilio.from,
        };
      }
      if (config.OUTBOX_FILE) {
        const settings = (await deps.settings.get()) ?? DEFAULT_SETTINGS;
        return { sender: new OutboxSmsSender(config.OUTBOX_FILE), from: settings.twilio_phone_number };
      }
      return null;
    },
    async mediaFetcher(): Promise<MediaFetcher> {
      const twilio = await twilioCredentials();
      if (twilio) {
        return new TwilioMediaFetcher({ ...twilio, allowLoopback: config.MEDIA_ALLOW_LOOPBACK });
      }
      const localToken = config.MEDIA_ALLOW_LOOPBACK ? await deps.localWebhookToken() : null;
      if (localToken) {
        return new TwilioMediaFetcher({
          accountSid: LOCAL_ACCOUNT_SID,
          authToken: localToken,
          allowLoopback: true,
        });
      }
      throw new PermanentError(
        'The voice message is stored at Twilio, but no Twilio credentials are saved: save them in Settings, then retry.',
      );
    },
  };
}
