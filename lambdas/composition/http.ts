/**
 * The HTTP edge of a function with admin routes: besides what a public one reads (composition/public-http.ts:
 * CORS, the CloudFront origin secret), the sign-in configuration (Cognito issuer, keys, app client, admins
 * group), and it asks Cognito whether the caller is still an administrator (USER_POOL_ID).
 */
import * as z from 'zod';
import { JwtTokenVerifier } from '../adapters/aws/jwt-token-verifier';
import { CachedAdminStanding } from '../http/admin-membership';
import { type AdminAuth, createEdge } from '../http/edge';
import type { TokenVerifier } from '../ports/token-verifier';
import { adminGroup, userDirectory } from './clients/cognito';
import { ENV } from './env-names';
import { lambdaHandler, logger } from './observability';
import { once } from './once';
import { allowedOrigins, originSecret } from './public-http';
import { readEnv, required } from './read-env';
import { sessionEnds } from './session-ends';

/**
 * Cognito's answer to "still an administrator?" and when the account's sessions last ended, trusted for
 * ADMIN_RECHECK_SECONDS per container.
 */
const adminStanding = once(
  () => new CachedAdminStanding({ membership: userDirectory(), sessionEnds: sessionEnds() }),
);

const adminAuth = once((): AdminAuth => {
  const env = readEnv('admin sign-in', {
    [ENV.JWT_ISSUER]: z.url(),
    [ENV.JWT_JWKS_URI]: z.url(),
    [ENV.JWT_CLIENT_ID]: required,
  });
  // Read at cold start: a function without the pool's id fails at once, not on its first admin request.
  const standing = adminStanding();
  let verifier: TokenVerifier | undefined;
  return {
    // Built on the first admin request: it fetches the keys then, not at cold start.
    verifier: () => {
      verifier ??= new JwtTokenVerifier({
        issuer: env.JWT_ISSUER,
        jwksUri: env.JWT_JWKS_URI,
        clientId: env.JWT_CLIENT_ID,
      });
      return verifier;
    },
    adminGroup: adminGroup(),
    standing: () => standing,
  };
});

/** For functions with admin routes (they may have public ones too). */
export const adminRoutes = once(() =>
  createEdge({
    allowedOrigins: allowedOrigins(),
    originSecret: originSecret(),
    logger,
    auth: adminAuth(),
    instrument: lambdaHandler,
  }),
);
