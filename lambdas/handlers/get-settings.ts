/** GET /api/settings (admin): the settings row with secrets masked. */
import { getSettingsView } from '../use-cases/settings';
import { clock, route, secrets, settings } from '../wiring';

export const handler = route({ access: 'admin' }, async () => ({
  status: 200,
  body: await getSettingsView({ settings, secrets, clock }),
}));
