/**
 * GET /api/usage?days=30 (admin): the daily counters, oldest first, with the estimated cost (one Query), and
 * today's segments against the service's SMS budget (one GetItem of the gate's counter).
 */

import { usageQuerySchema } from '#core/operator/usage';
import { adminRoutes } from '../../composition/http';
import { counters, settingsRepository } from '../../composition/repositories';
import { usage } from '../../composition/usage';
import { systemClock } from '../../ports/clock';
import { readUsage } from '../../use-cases/usage';

const deps = { usage: usage(), settings: settingsRepository(), counters: counters(), clock: systemClock };
const route = adminRoutes();

export const handler = route({ access: 'admin', query: usageQuerySchema }, async ({ query }) => ({
  status: 200,
  body: await readUsage(deps, query.days),
}));
