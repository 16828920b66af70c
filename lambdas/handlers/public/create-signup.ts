/**
 * POST /api/signups (public): records a sign-up and its consent record (with the client's address and
 * browser) and, when it asks for texts, texts its phone the confirmation to answer YES to (through the
 * outbound gate, once a number a day); the answer is the same whether the email was new or not.
 */

import { signupInputSchema } from '#core/senders/signup';
import { logger } from '../../composition/observability';
import { publicRoutes } from '../../composition/public-http';
import {
  consentRecordRepository,
  pendingSmsConsents,
  signupRepository,
} from '../../composition/repositories';
import { serviceName } from '../../composition/service';
import { outboundSms } from '../../composition/sms';
import { requestClient } from '../../http/client';
import { systemClock as clock } from '../../ports/clock';
import { registerSignup, type SignupDeps } from '../../use-cases/signups';

const deps: SignupDeps = {
  signups: signupRepository(),
  consents: consentRecordRepository(),
  pendingConsents: pendingSmsConsents(),
  ...outboundSms(),
  clock,
  serviceName: serviceName(),
  warn: (message, details) => logger.warn(message, { ...details }),
};
const route = publicRoutes();

export const handler = route(
  { access: 'public', body: signupInputSchema },
  async ({ body, event, viaCloudFront }) => {
    await registerSignup(deps, body, requestClient(event, { viaCloudFront }));
    return { status: 201, body: { ok: true } };
  },
);
