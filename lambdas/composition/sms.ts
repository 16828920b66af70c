/**
 * The SMS sender: Twilio once its credentials and number are saved, else the host's fallback (the outbox).
 * Every text it takes adds its segments to the function's `SegmentsSent` metric (the alarm on segments per
 * hour, lib/constructs/monitoring.ts), whichever use case sent it.
 */

import { segmentCount } from '#core/texts/sms-text';
import { TwilioSmsSender } from '../adapters/twilio/twilio-sms-sender';
import type { Providers } from '../ports/providers';
import type { SmsSender } from '../ports/sms-sender';
import type { OutboundSmsDeps } from '../use-cases/outbound-sms';
import { hostAdapters } from './host';
import { metrics } from './observability';
import { once } from './once';
import { phoneRegions } from './phone-regions';
import { selectSmsSender } from './provider-choice';
import { counters, optOutRepository, settingsRepository } from './repositories';
import { secretStore } from './secrets';
import { smsStatusUrl } from './service';
import { usage } from './usage';

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

/**
 * What the outbound gate sends with (use-cases/outbound-sms.ts: the settings, the opt-outs, the regions, the
 * provider, the segment counters, today's usage), built the same way for every function that texts; the
 * clock comes with messageChanges(). Pure: a function that only decides (DecideReply) bundles none of it.
 */
export const outboundSms = /* @__PURE__ */ once(
  (): Omit<OutboundSmsDeps, 'clock'> => ({
    settings: settingsRepository(),
    optOuts: optOutRepository(),
    phoneRegions: phoneRegions(),
    providers: smsSending(),
    counters: counters(),
    usage: usage(),
  }),
);
