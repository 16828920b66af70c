/** GET /api/usage?days=30 (admin): the daily counters, oldest first, with the estimated cost (one Query). */
import { adminRoutes } from '../composition/http';
import { settingsRepository } from '../composition/repositories';
import { usage } from '../composition/usage';
import { usageQuerySchema } from '../core/usage';
import { systemClock } from '../ports/clock';
import { readUsage } from '../use-cases/usage';

const deps = { usage: usage(), settings: settingsRepository(), clock: systemClock };
const route = adminRoutes();

export const handler = route({ access: 'admin', query: usageQuerySchema }, async ({ query }) => ({
  status: 200,
  body: await readUsage(deps, query.days),
}));
