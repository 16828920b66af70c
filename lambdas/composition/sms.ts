/** The SMS sender: Twilio once its credentials and number are saved, else the host's fallback (the outbox). */
import { TwilioSmsSender } from '../adapters/twilio/twilio-sms-sender';
import { hostAdapters } from './host';
import { once } from './once';
import { selectSmsSender } from './provider-choice';
import { settingsRepository } from './repositories';
import { secretStore } from './secrets';
import { smsStatusUrl } from './service';

export const smsSending = once(() => {
  const host = hostAdapters();
  // Every text asks Twilio for its delivery status (POST /api/sms-status, handlers/sms-status.ts).
  const statusCallback = smsStatusUrl();
  return selectSmsSender({
    settings: settingsRepository(),
    secrets: secretStore(['twilio_auth_token']),
    twilio: (credentials) =>
      new TwilioSmsSender({
        ...credentials,
        statusCallback,
        ...(host.twilioApiBaseUrl ? { apiBaseUrl: host.twilioApiBaseUrl } : {}),
      }),
    fallback: host.fallbackSmsSender ?? null,
  });
});
