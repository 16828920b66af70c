/**
 * GET /api/forwarding-numbers (admin): the subscribers' forwarding numbers with this month's cost (one Scan of
 * the numbers, one GetItem of each number's minutes counter, the prices in the settings row).
 */
import { adminRoutes } from '../../composition/http';
import { counters, forwardingNumberRepository, settingsRepository } from '../../composition/repositories';
import { systemClock } from '../../ports/clock';
import { listForwardingNumbers } from '../../use-cases/forwarding-number-list';

const deps = {
  forwardingNumbers: forwardingNumberRepository(),
  counters: counters(),
  settings: settingsRepository(),
  clock: systemClock,
};
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async () => ({
  status: 200,
  body: await listForwardingNumbers(deps),
}));
