/**
 * The user pool's Lambda triggers, listed once: CDK makes one function per entry (entry
 * lambdas/handlers/cognito/<fn>.ts, triggerEntry) and attaches it to the pool; the local runtime serves the same handlers at the
 * Lambda invoke endpoint cognito-local calls, under the same names.
 */
export const AUTH_TRIGGERS = {
  /** After an account confirms its email: decides whether it becomes an administrator. */
  postConfirmation: { fn: 'post-confirmation', trigger: 'PostConfirmation' },
  /** Before every email: the service's own subject and text, and the reset link. */
  customMessage: { fn: 'custom-message', trigger: 'CustomMessage' },
} as const;

export type AuthTrigger = (typeof AUTH_TRIGGERS)[keyof typeof AUTH_TRIGGERS];

/** A trigger's handler file under lambdas/, without extension. */
export const triggerEntry = (trigger: AuthTrigger): string => `handlers/cognito/${trigger.fn}`;
