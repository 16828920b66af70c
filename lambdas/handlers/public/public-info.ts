/** GET /api/public-info (public): the service's phone number and contact email for the site. */

import { logger } from '../../composition/observability';
import { publicRoutes } from '../../composition/public-http';
import { settingsRepository } from '../../composition/repositories';
import { contactEmail, serviceName, siteInfo } from '../../composition/service';
import { getPublicInfo } from '../../use-cases/public-info';

const deps = {
  settings: settingsRepository(),
  serviceName: serviceName(),
  contactEmail: contactEmail(),
  siteUrl: siteInfo().SITE_URL,
  defaultPhoneNumber: siteInfo().DEFAULT_PHONE_NUMBER ?? null,
  warn: (message: string) => logger.warn(message),
};
const route = publicRoutes();

export const handler = route({ access: 'public' }, async () => ({
  status: 200,
  body: await getPublicInfo(deps),
  headers: { 'cache-control': 'public, max-age=60' },
}));
