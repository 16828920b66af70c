import type { SignupAnswer, SignupInput } from '@core/senders/signup';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/signups: `201 {ok: true, join}`, the same answer for a new or a known email; `join` is the code the
 * phone must text when the sign-up asked for texts.
 */
export function createSignup(input: SignupInput): Promise<SignupAnswer> {
  return apiRequest<SignupAnswer>('/signups', { method: 'POST', body: input });
}
