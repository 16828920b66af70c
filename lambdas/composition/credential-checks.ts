/** The Settings modal's checks: OpenAI (at OPENAI_BASE_URL when set) and Twilio (at the host's fake in tests). */
import { OpenAiApiKeyCheck } from '../adapters/openai/openai-key-check';
import { TwilioRestAccountCheck } from '../adapters/twilio/twilio-account-check';
import { hostAdapters } from './host';
import { once } from './once';
import { openAiOptions } from './openai';

export const credentialChecks = once(() => {
  const { baseURL } = openAiOptions();
  const twilioApiBaseUrl = hostAdapters().twilioApiBaseUrl;
  return {
    openAi: new OpenAiApiKeyCheck(baseURL ? { baseURL } : {}),
    twilio: new TwilioRestAccountCheck(twilioApiBaseUrl ? { apiBaseUrl: twilioApiBaseUrl } : {}),
  };
});
