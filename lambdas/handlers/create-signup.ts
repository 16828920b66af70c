/**
 * POST /api/signups (public): records a sign-up and its consent record (with the client's address and
 * browser); the answer is the same whether the email was new or not.
 */
import { signupInputSchema } from '../core/schemas';
import { requestClient } from '../http/client';
import { registerSignup } from '../use-cases/signups';
import { clock, config, consents, route, signups } from '../wiring';

export const handler = route({ access: 'public', body: signupInputSchema }, async ({ body, event }) => {
  await registerSignup(
    { signups, consents, clock, serviceName: config.SERVICE_NAME },
    body,
    requestClient(event),
  );
  return { status: 201, body: { ok: true } };
});
