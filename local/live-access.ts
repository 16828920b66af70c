/**
 * Who may publish and watch the live updates locally. Publishing needs IAM in AWS: here a SigV4 signature by
 * credentials made at each start and held only by this process (the functions sign with them; a copy for
 * helper tools such as the benchmark is written to a file only its owner can read). Watching is decided as in
 * AWS, by the namespace's onSubscribe handler (lambdas/handlers/appsync/authorize-live-subscription.ts, run here in
 * this process): an administrator now, on the current channel. As in AWS nothing re-checks an open
 * subscription: a removed administrator's page is cut off by the channel moving. On connect, a token claiming
 * the admins group the account has lost is refused (the user directory, through the handlers' own adapter).
 */
import { randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import type { AwsCredentialIdentity } from '@smithy/types';
import { MESSAGES_NAMESPACE } from '#core/messages/live-updates';
import { JwtTokenVerifier } from '../lambdas/adapters/aws/jwt-token-verifier';
import { userDirectory } from '../lambdas/composition/clients/cognito';
import { ADMIN_GROUP } from './bootstrap';
import { type AppSyncEvents, createAppSyncEvents, type SubscribeHandler } from './stand-ins/appsync-events';

/** Publisher credentials for this start; written to `file` (mode 0600) for helper tools on this machine. */
export async function publisherCredentials(file: string): Promise<AwsCredentialIdentity> {
  const credentials = {
    accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(24).toString('base64url'),
  };
  await writeFile(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return credentials;
}

/** The deployed namespace's onSubscribe function, loaded when first asked (it reads the handlers' environment). */
const authorizeSubscription: SubscribeHandler = async (event) => {
  const module = (await import('../lambdas/handlers/appsync/authorize-live-subscription.ts')) as {
    handler: SubscribeHandler;
  };
  return module.handler(event);
};

/**
 * The live-update stand-in of this runtime. Reads the handlers' environment (JWT_*, COGNITO_ENDPOINT,
 * USER_POOL_ID, SETTINGS_TABLE), so it is created after the runtime has set it.
 */
export function createLiveUpdates(options: {
  readonly credentials: AwsCredentialIdentity;
  readonly region: string;
  readonly log?: (line: string) => void;
}): AppSyncEvents {
  const directory = userDirectory();
  return createAppSyncEvents({
    verifier: new JwtTokenVerifier({
      issuer: process.env.JWT_ISSUER!,
      jwksUri: process.env.JWT_JWKS_URI!,
      clientId: process.env.JWT_CLIENT_ID!,
      tokenUses: ['id', 'access'],
    }),
    onSubscribe: { [MESSAGES_NAMESPACE]: authorizeSubscription },
    checkedGroups: [ADMIN_GROUP],
    isMember: async (userId, group) => group === ADMIN_GROUP && (await directory.isAdmin(userId)),
    credentials: options.credentials,
    region: options.region,
    ...(options.log ? { log: options.log } : {}),
  });
}
