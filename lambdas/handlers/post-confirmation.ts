/**
 * Cognito PostConfirmation trigger: when an account confirms its email with the code, decides whether it
 * becomes an administrator (allowlist, first account, else waiting for approval: use-cases/team.ts).
 */

import { triggerDirectories } from '../composition/cognito';
import { lambdaHandler, logger } from '../composition/observability';
import { adminEmails, firstAdminClaim } from '../composition/trigger-deps';
import { postConfirmationEventSchema } from '../triggers/cognito-events';
import { admitConfirmedAccount } from '../use-cases/team';

const allowlist = adminEmails();
const firstAdmin = firstAdminClaim();
const directoryOf = triggerDirectories();

export const handler = lambdaHandler(async (raw: unknown) => {
  const event = postConfirmationEventSchema.parse(raw);
  // A confirmed password reset also runs this trigger; only a new account's confirmation admits anyone.
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return raw;
  const attributes = event.request.userAttributes;
  const accountId = attributes.sub ?? event.userName;
  const admission = await admitConfirmedAccount(
    { directory: directoryOf(event.userPoolId), firstAdmin, allowlist },
    { id: accountId, email: attributes.email ?? null, emailVerified: attributes.email_verified === 'true' },
  );
  // The account id only: emails are personal data and stay out of the logs.
  logger.info('Account confirmed', { accountId, admission });
  return raw;
});
