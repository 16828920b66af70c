/**
 * POST /api/settings/check/{provider} (admin), provider `openai` or `twilio`: whether the provider accepts the
 * saved credentials, as `{ok, message}` in words (never a secret); for Twilio also whether the SMS number and
 * the forwarding numbers send their texts and calls to this service (issue 33).
 */
import * as z from 'zod';
import { credentialChecks, twilioWebhooks } from '../../composition/credential-checks';
import { adminRoutes } from '../../composition/http';
import { settingsRepository } from '../../composition/repositories';
import { secretStore } from '../../composition/secrets';
import { parseOrThrow } from '../../http/validation';
import { CHECKED_PROVIDERS, checkOpenAi, checkTwilio } from '../../use-cases/credential-checks';

const deps = {
  settings: settingsRepository(),
  secrets: secretStore(['openai_api_key', 'twilio_auth_token']),
  ...credentialChecks(),
  webhooks: twilioWebhooks(),
};
const route = adminRoutes();

const params = z.object({
  provider: z.enum(CHECKED_PROVIDERS, { error: 'Check "openai" or "twilio".' }),
});

export const handler = route({ access: 'admin' }, async ({ event }) => {
  const { provider } = parseOrThrow(params, event.pathParameters ?? {}, 'path');
  return { status: 200, body: provider === 'openai' ? await checkOpenAi(deps) : await checkTwilio(deps) };
});
