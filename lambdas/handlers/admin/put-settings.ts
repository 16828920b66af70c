/** PUT /api/settings (admin): saves the fields sent; fields left out (such as an unchanged secret) are kept. */

import { settingsUpdateSchema } from '#core/operator/settings';
import { adminRoutes } from '../../composition/http';
import { settingsRepository } from '../../composition/repositories';
import { transcriptRetentionDays } from '../../composition/retention';
import { secretStore } from '../../composition/secrets';
import { systemClock as clock } from '../../ports/clock';
import { updateSettings } from '../../use-cases/settings';

const settings = settingsRepository();
const secrets = secretStore(['openai_api_key', 'twilio_auth_token']);
const transcriptDays = transcriptRetentionDays();
const route = adminRoutes();

export const handler = route({ access: 'admin', body: settingsUpdateSchema }, async ({ body }) => ({
  status: 200,
  body: await updateSettings({ settings, secrets, clock, transcriptDays }, body),
}));
