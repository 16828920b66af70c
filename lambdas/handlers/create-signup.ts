/** POST /api/signups (public): records a sign-up; the answer is the same whether the email was new or not. */
import { signupInputSchema } from '../core/schemas';
import { registerSignup } from '../use-cases/signups';
import { clock, route, signups } from '../wiring';

export const handler = route({ access: 'public', body: signupInputSchema }, async ({ body }) => {
  await registerSignup({ signups, clock }, body);
  return { status: 201, body: { ok: true } };
});
