/**
 * POST /api/signups (public): records a sign-up and its consent record (with the client's address and
 * browser) and, when it asks for texts, answers with the JOIN code its phone must text to confirm them
 * (nothing is texted to the phone); the answer is the same whether the email was new or not.
 */

import { signupInputSchema } from '#core/senders/signup';
import { publicRoutes } from '../../composition/public-http';
import { consentRecordRepository, joinCodeStore, signupRepository } from '../../composition/repositories';
import { serviceName } from '../../composition/service';
import { requestClient } from '../../http/client';
import { systemClock as clock } from '../../ports/clock';
import { registerSignup, type SignupDeps } from '../../use-cases/signups';

const deps: SignupDeps = {
  signups: signupRepository(),
  consents: consentRecordRepository(),
  joinCodes: joinCodeStore(),
  clock,
  serviceName: serviceName(),
};
const route = publicRoutes();

export const handler = route(
  { access: 'public', body: signupInputSchema },
  async ({ body, event, viaCloudFront }) => {
    const answer = await registerSignup(deps, body, requestClient(event, { viaCloudFront }));
    return { status: 201, body: answer };
  },
);
