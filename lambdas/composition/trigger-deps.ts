/**
 * What the user pool's triggers need: the PostConfirmation trigger the allowlist (ADMIN_EMAILS) and the
 * first-administrator claim (SETTINGS_TABLE); the CustomMessage trigger the service's name and the site's URL
 * for the reset link (SITE_URL locally; in AWS the name of the SSM parameter the app stack writes it to, since
 * the user pool's stack cannot refer to the site's).
 */
import * as z from 'zod';
import { adminAllowlist } from '#core/operator/team';
import { createSsmClient } from '../adapters/aws/clients/ssm-client';
import { DynamoFirstAdminClaim } from '../adapters/aws/dynamo-first-admin-claim';
import { CachedParameter } from '../adapters/aws/ssm-parameter';
import { systemClock } from '../ports/clock';
import { documentClient } from './clients/dynamodb';
import { region } from './clients/region';
import { ENV } from './env-names';
import { traced } from './observability';
import { once } from './once';
import { commaSeparatedList, optionalUrl, readEnv, required } from './read-env';

/** ADMIN_EMAILS: verified emails that join the admins when confirmed; empty turns the first-account rule on. */
export const adminEmails = once(() =>
  adminAllowlist(
    readEnv('the administrator allowlist', {
      [ENV.ADMIN_EMAILS]: commaSeparatedList.pipe(
        z.array(z.email({ error: 'ADMIN_EMAILS must list emails.' })),
      ),
    }).ADMIN_EMAILS,
  ),
);

export const firstAdminClaim = once(
  () =>
    new DynamoFirstAdminClaim(
      documentClient(),
      readEnv('the first-administrator claim', { [ENV.SETTINGS_TABLE]: required }).SETTINGS_TABLE,
      systemClock,
    ),
);

/** Resolves the site's URL for links in emails. */
export const emailSiteUrl = once((): (() => Promise<string>) => {
  const env = readEnv('the site URL in emails', {
    [ENV.SITE_URL]: optionalUrl,
    [ENV.SITE_URL_PARAMETER]: z.string().startsWith('/').optional(),
  });
  if (env.SITE_URL) {
    const url = env.SITE_URL;
    return async () => url;
  }
  if (!env.SITE_URL_PARAMETER) {
    throw new Error(
      'Configuration of the site URL in emails is incomplete: set SITE_URL or SITE_URL_PARAMETER.',
    );
  }
  const parameter = new CachedParameter(
    traced(createSsmClient({ region: region() })),
    env.SITE_URL_PARAMETER,
  );
  return () => parameter.get();
});
