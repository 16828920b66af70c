/** GET /api/health/details (admin): every part's answer, with the error of those that failed. Never cached. */
import { healthProbes } from '../../composition/health';
import { adminRoutes } from '../../composition/http';
import { checkHealth } from '../../use-cases/health';

const probes = healthProbes();
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async () => {
  const report = await checkHealth(probes);
  return { status: report.status === 'ok' ? 200 : 503, body: report };
});
