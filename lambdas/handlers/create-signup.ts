/**
 * POST /api/signups (public): records a sign-up and its consent record (with the client's address and
 * browser); the answer is the same whether the email was new or not.
 */
import { publicRoutes } from '../composition/public-http';
import { consentRecordRepository, signupRepository } from '../composition/repositories';
import { serviceName } from '../composition/service';
import { signupInputSchema } from '../core/schemas';
import { requestClient } from '../http/client';
import { systemClock as clock } from '../ports/clock';
import { registerSignup } from '../use-cases/signups';

const deps = {
  signups: signupRepository(),
  consents: consentRecordRepository(),
  clock,
  serviceName: serviceName(),
};
const route = publicRoutes();

export const handler = route(
  { access: 'public', body: signupInputSchema },
  async ({ body, event, viaCloudFront }) => {
    await registerSignup(deps, body, requestClient(event, { viaCloudFront }));
    return { status: 201, body: { ok: true } };
  },
);
