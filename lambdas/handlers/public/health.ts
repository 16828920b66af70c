/**
 * GET /api/health (public): `{"status":"ok"}` with 200, or `{"status":"unavailable"}` with 503. Nothing more:
 * which part failed and why goes to the log and to the admin route GET /api/health/details. One round of
 * probes serves every caller for a few seconds, so anonymous traffic cannot multiply backend calls.
 */
import { healthProbes } from '../../composition/health';
import { logger } from '../../composition/observability';
import { publicRoutes } from '../../composition/public-http';
import { cachedHealthCheck } from '../../use-cases/health';

const health = cachedHealthCheck(healthProbes(), {
  onReport: (report) => {
    if (report.status !== 'ok') logger.error('Health check failed', { checks: report.checks });
  },
});
const route = publicRoutes();

export const handler = route({ access: 'public' }, async () => {
  const { status } = await health();
  return { status: status === 'ok' ? 200 : 503, body: { status }, headers: { 'cache-control': 'no-store' } };
});
