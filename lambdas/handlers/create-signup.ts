/** POST /api/signups (public): records a sign-up; the answer is the same whether the email was new or not. */
import { publicRoutes } from '../composition/http';
import { signupRepository } from '../composition/repositories';
import { signupInputSchema } from '../core/schemas';
import { systemClock as clock } from '../ports/clock';
import { registerSignup } from '../use-cases/signups';

const signups = signupRepository();
const route = publicRoutes();

export const handler = route({ access: 'public', body: signupInputSchema }, async ({ body }) => {
  await registerSignup({ signups, clock }, body);
  return { status: 201, body: { ok: true } };
});
