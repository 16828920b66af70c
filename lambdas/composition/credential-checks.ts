/** The Settings modal's checks: OpenAI (at OPENAI_BASE_URL when set) and Twilio (at the host's fake in tests). */
import { isThisMachineOnly, twilioUrlsOn } from '#core/calls/twilio-urls';
import { OpenAiApiKeyCheck } from '../adapters/openai/openai-key-check';
import { TwilioRestAccountCheck } from '../adapters/twilio/twilio-account-check';
import { hostAdapters } from './host';
import { once } from './once';
import { openAiOptions } from './openai';
import { forwardingNumberRepository } from './repositories';
import { publicWebhookUrl } from './service';

export const credentialChecks = once(() => {
  const { baseURL } = openAiOptions();
  const twilioApiBaseUrl = hostAdapters().twilioApiBaseUrl;
  return {
    openAi: new OpenAiApiKeyCheck(baseURL ? { baseURL } : {}),
    twilio: new TwilioRestAccountCheck(twilioApiBaseUrl ? { apiBaseUrl: twilioApiBaseUrl } : {}),
  };
});

/**
 * What the Twilio check compares the account's numbers with (issue 33): the texts' webhook and the voice URL,
 * the subscribers' forwarding numbers, and whether Twilio can reach these URLs: not when they are this
 * machine's own (`npm start` without PUBLIC_URL), unless Twilio's API is itself a stand-in on this machine.
 */
export const twilioWebhooks = once(() => {
  const webhook = publicWebhookUrl();
  const { sms, voice } = twilioUrlsOn(webhook);
  return {
    urls: { sms, voice },
    forwardingNumbers: forwardingNumberRepository(),
    reachable: !isThisMachineOnly(webhook) || Boolean(hostAdapters().twilioApiBaseUrl),
  };
});
