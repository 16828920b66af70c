/**
 * The HTTP edge of a function whose routes are all public: the browser origins allowed (CORS) and, in AWS,
 * the secret CloudFront adds to every request it forwards (ORIGIN_VERIFY_SECRET). A module of its own so a
 * public function bundles none of the sign-in checks (the JWT verifier, Cognito's SDK client) that the admin
 * edge (composition/http.ts) needs: about 56 kB of the webhook's 1 MB budget.
 */
import * as z from 'zod';
import { createEdge } from '../http/edge';
import { ENV } from './env-names';
import { lambdaHandler, logger } from './observability';
import { once } from './once';
import { commaSeparatedList, readEnv } from './read-env';

export const allowedOrigins = once(
  () => readEnv('browser origins (CORS)', { [ENV.ALLOWED_ORIGINS]: commaSeparatedList }).ALLOWED_ORIGINS,
);

/** The secret CloudFront adds to what it forwards (http/origin-guard.ts); absent locally, where there is none. */
export const originSecret = once(
  () =>
    readEnv('the CloudFront origin check', { [ENV.ORIGIN_VERIFY_SECRET]: z.string().min(16).optional() })
      .ORIGIN_VERIFY_SECRET,
);

/** For functions whose routes are all public. */
export const publicRoutes = once(() =>
  createEdge({
    allowedOrigins: allowedOrigins(),
    originSecret: originSecret(),
    logger,
    instrument: lambdaHandler,
  }),
);
