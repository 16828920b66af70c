/**
 * Cognito PostConfirmation trigger: when an account confirms its email with the code, decides whether it
 * becomes an administrator (allowlist, first account, else waiting for approval: use-cases/team.ts); when a
 * password reset is confirmed, signs the account out everywhere (its tokens from before stop working) and
 * moves the live list's channel (a page open from before receives nothing more).
 */

import { triggerDirectories } from '../../composition/clients/cognito';
import { liveChannelStore } from '../../composition/live-channel';
import { lambdaHandler, logger } from '../../composition/observability';
import { sessionEnds } from '../../composition/session-ends';
import { adminEmails, firstAdminClaim } from '../../composition/trigger-deps';
import { systemClock } from '../../ports/clock';
import { admitConfirmedAccount, endSessionsAfterReset } from '../../use-cases/team';
import { postConfirmationEventSchema } from './events';

const allowlist = adminEmails();
const firstAdmin = firstAdminClaim();
const directoryOf = triggerDirectories();
const ends = sessionEnds();

export const handler = lambdaHandler(async (raw: unknown) => {
  const event = postConfirmationEventSchema.parse(raw);
  const attributes = event.request.userAttributes;
  const accountId = attributes.sub ?? event.userName;
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
    const directory = directoryOf(event.userPoolId);
    await endSessionsAfterReset(
      { directory, sessionEnds: ends, channels: liveChannelStore(), clock: systemClock },
      accountId,
    );
    logger.info('Password reset: signed out everywhere', { accountId });
    return raw;
  }
  // Only a new account's confirmation admits anyone.
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return raw;
  const admission = await admitConfirmedAccount(
    { directory: directoryOf(event.userPoolId), firstAdmin, allowlist },
    { id: accountId, email: attributes.email ?? null, emailVerified: attributes.email_verified === 'true' },
  );
  // The account id only: emails are personal data and stay out of the logs.
  logger.info('Account confirmed', { accountId, admission });
  return raw;
});
