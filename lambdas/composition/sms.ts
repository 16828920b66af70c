/**
 * The SMS sender: Twilio once its credentials and number are saved, else the host's fallback (the outbox).
 * Every text it takes adds its segments to the function's `SegmentsSent` metric (the alarm on segments per
 * hour, lib/constructs/monitoring.ts), whichever use case sent it.
 */

import { segmentCount } from '#core/texts/sms-text';
import { TwilioSmsSender } from '../adapters/twilio/twilio-sms-sender';
import type { Providers } from '../ports/providers';
import type { SmsSender } from '../ports/sms-sender';
import { hostAdapters } from './host';
import { metrics } from './observability';
import { once } from './once';
import { selectSmsSender } from './provider-choice';
import { settingsRepository } from './repositories';
import { secretStore } from './secrets';
import { smsStatusUrl } from './service';

/** `sender`, adding the segments of each text it takes to `SegmentsSent`. */
const metered = (sender: SmsSender): SmsSender => ({
  async send(sms) {
    const sent = await sender.send(sms);
    metrics.addMetric('SegmentsSent', 'Count', segmentCount(sms.body));
    return sent;
  },
});

export const smsSending = once((): Pick<Providers, 'smsSender'> => {
  const host = hostAdapters();
  // Every text asks Twilio for its delivery status (POST /api/sms-status, handlers/public/sms-status.ts).
  const statusCallback = smsStatusUrl();
  const selected = selectSmsSender({
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
  return {
    async smsSender() {
      const provider = await selected.smsSender();
      return provider && { ...provider, sender: metered(provider.sender) };
    },
  };
});
