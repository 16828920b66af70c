/** GET /api/public-info (public): the service's phone number and contact email for the site. */
import { getPublicInfo } from '../use-cases/public-info';
import { config, logger, route, settings } from '../wiring';

export const handler = route({ access: 'public' }, async () => {
  const info = await getPublicInfo({
    settings,
    serviceName: config.SERVICE_NAME,
    contactEmail: config.CONTACT_EMAIL,
    siteUrl: config.SITE_URL,
    defaultPhoneNumber: config.DEFAULT_PHONE_NUMBER ?? null,
    warn: (message) => logger.warn(message),
  });
  return { status: 200, body: info, headers: { 'cache-control': 'public, max-age=60' } };
});
