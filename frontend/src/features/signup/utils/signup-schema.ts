/**
 * The sign-up rules, the API's own schema (lambdas/core/senders/signup.ts). It comes with the full zod, so it is loaded
 * when the visitor first touches the form rather than with the page: the landing page's first load stays
 * small, and the schema is there long before the first field is left.
 */
import type { signupInputSchema } from '@core/senders/signup';

type SignupSchema = typeof signupInputSchema;

let loading: Promise<SignupSchema> | undefined;

export function loadSignupSchema(): Promise<SignupSchema> {
  loading ??= import('@core/senders/signup')
    .then((module) => module.signupInputSchema)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
