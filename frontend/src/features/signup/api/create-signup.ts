import type { SignupInput } from '@core/senders/signup';
import { apiRequest } from '@/lib/api-client';

/** POST /api/signups: `201 {ok: true}`, the same answer for a new or a known email. */
export function createSignup(input: SignupInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/signups', { method: 'POST', body: input });
}
