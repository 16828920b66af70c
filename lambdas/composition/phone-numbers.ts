/**
 * Buys and releases forwarding numbers (issue 33): Twilio with the saved credentials, else the local stand-in
 * of Twilio's API where the host runs one (lambdas/composition/host.ts `localTwilioApi`), else none.
 */
import { TwilioPhoneNumbers } from '../adapters/twilio/twilio-phone-numbers';
import type { Providers } from '../ports/providers';
import { hostAdapters } from './host';
import { once } from './once';
import { selectPhoneNumbers } from './provider-choice';
import { settingsRepository } from './repositories';
import { secretStore } from './secrets';

export const phoneNumberProviders = once((): Pick<Providers, 'phoneNumbers'> => {
  const host = hostAdapters();
  return selectPhoneNumbers({
    settings: settingsRepository(),
    secrets: secretStore(['twilio_auth_token']),
    twilio: ({ apiBaseUrl, ...credentials }) =>
      new TwilioPhoneNumbers({ ...credentials, ...(apiBaseUrl ? { apiBaseUrl } : {}) }),
    local:
      host.localTwilioApi && host.webhookToken
        ? { apiBaseUrl: host.localTwilioApi, token: host.webhookToken }
        : null,
    apiBaseUrl: host.twilioApiBaseUrl ?? null,
  });
});
