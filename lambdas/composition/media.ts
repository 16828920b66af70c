/** Fetches (and deletes) MMS media at Twilio with the saved credentials. */
import { TwilioMediaFetcher } from '../adapters/twilio/twilio-media-fetcher';
import { hostAdapters } from './host';
import { once } from './once';
import { selectMediaFetcher } from './provider-choice';
import { settingsRepository } from './repositories';
import { secretStore } from './secrets';

export const mediaFetching = once(() => {
  const host = hostAdapters();
  return selectMediaFetcher({
    settings: settingsRepository(),
    secrets: secretStore(['twilio_auth_token']),
    twilio: (options) =>
      new TwilioMediaFetcher({
        ...options,
        ...(host.twilioApiBaseUrl ? { apiBaseUrl: host.twilioApiBaseUrl } : {}),
      }),
    allowLoopback: host.mediaFromLoopback ?? false,
    localToken: host.webhookToken ?? null,
  });
});
