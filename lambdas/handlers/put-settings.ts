/** PUT /api/settings (admin): saves the fields sent; fields left out (such as an unchanged secret) are kept. */
import { settingsUpdateSchema } from '../core/schemas';
import { updateSettings } from '../use-cases/settings';
import { clock, route, secrets, settings } from '../wiring';

export const handler = route({ access: 'admin', body: settingsUpdateSchema }, async ({ body }) => ({
  status: 200,
  body: await updateSettings({ settings, secrets, clock }, body),
}));
