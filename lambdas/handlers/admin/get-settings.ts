/** GET /api/settings (admin): the settings row with secrets masked. */
import { adminRoutes } from '../../composition/http';
import { settingsRepository } from '../../composition/repositories';
import { secretStore } from '../../composition/secrets';
import { systemClock as clock } from '../../ports/clock';
import { getSettingsView } from '../../use-cases/settings';

const settings = settingsRepository();
const secrets = secretStore(['openai_api_key', 'twilio_auth_token']);
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async () => ({
  status: 200,
  body: await getSettingsView({ settings, secrets, clock }),
}));
