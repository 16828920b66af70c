/**
 * Who may publish and watch the live updates locally. Publishing needs IAM in AWS: here a SigV4 signature by
 * credentials made at each start and held only by this process (the functions sign with them; a copy for
 * helper tools such as the benchmark is written to a file only its owner can read). Watching needs the admins
 * group, asked of the user directory (cognito-local, through the handlers' own adapter) on connect, on
 * subscribe and every `LIVE_RECHECK_SECONDS` (default 30) for open subscriptions, so a removed administrator
 * stops receiving changes within that time, as the API refuses them at once.
 */
import { randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import type { AwsCredentialIdentity } from '@smithy/types';
import { JwtTokenVerifier } from '../lambdas/adapters/aws/jwt-token-verifier';
import { userDirectory } from '../lambdas/composition/cognito';
import { MESSAGES_NAMESPACE } from '../lambdas/core/live-updates';
import { ADMIN_GROUP } from './bootstrap';
import { type AppSyncEvents, createAppSyncEvents } from './stand-ins/appsync-events';

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

/**
 * The live-update stand-in of this runtime. Reads the handlers' environment (JWT_*, COGNITO_ENDPOINT,
 * USER_POOL_ID), so it is created after the runtime has set it.
 */
export function createLiveUpdates(options: {
  readonly credentials: AwsCredentialIdentity;
  readonly region: string;
  readonly recheckIntervalMs: number;
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
    subscribeGroups: { [MESSAGES_NAMESPACE]: ADMIN_GROUP },
    isMember: async (userId, group) => group === ADMIN_GROUP && (await directory.isAdmin(userId)),
    recheckIntervalMs: options.recheckIntervalMs,
    credentials: options.credentials,
    region: options.region,
    ...(options.log ? { log: options.log } : {}),
  });
}
