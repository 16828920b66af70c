import type { Signup } from '../core/schemas';
import type { Clock } from '../ports/clock';
import type { SignupRepository } from '../ports/signup-repository';

/**
 * Records a sign-up. The same email twice keeps one sign-up with the later details, and the caller is told
 * the same thing either way, so the endpoint cannot be used to learn who has signed up.
 */
export async function registerSignup(deps: { signups: SignupRepository; clock: Clock }, signup: Signup) {
  await deps.signups.save(signup, deps.clock());
  return { ok: true as const };
}
