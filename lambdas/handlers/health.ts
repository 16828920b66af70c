/** GET /api/health (public): 200 once every part of the service answers, 503 naming the parts that do not. */
import { checkHealth } from '../use-cases/health';
import { healthProbes, route } from '../wiring';

export const handler = route({ access: 'public' }, async () => {
  const report = await checkHealth(healthProbes);
  return {
    status: report.status === 'ok' ? 200 : 503,
    body: report,
    headers: { 'cache-control': 'no-store' },
  };
});
