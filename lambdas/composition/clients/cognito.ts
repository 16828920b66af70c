/**
 * Cognito's administrator API: one client per container (traced in Lambda; locally COGNITO_ENDPOINT names
 * cognito-local), the user pool's accounts for the Team routes and the admin check (USER_POOL_ID), and for
 * the triggers the pool their event names (a pool cannot be told its own id by a function it triggers without
 * a dependency cycle).
 */
import * as z from 'zod';
import { DEFAULT_ADMIN_GROUP } from '#core/operator/team';
import { createCognitoClient } from '../../adapters/aws/clients/cognito-client';
import { CognitoUserDirectory } from '../../adapters/aws/cognito-user-directory';
import type { UserDirectory } from '../../ports/user-directory';
import { ENV } from '../env-names';
import { traced } from '../observability';
import { once, oncePerKey } from '../once';
import { optionalUrl, readEnv, required } from '../read-env';
import { region } from './region';

export const cognitoClient = once(() => {
  const { COGNITO_ENDPOINT } = readEnv('Cognito', { COGNITO_ENDPOINT: optionalUrl });
  return traced(createCognitoClient({ region: region(), endpoint: COGNITO_ENDPOINT }));
});

/** The Cognito group of administrators. */
export const adminGroup = once(
  () =>
    readEnv('the admins group', { [ENV.ADMIN_GROUP]: z.string().min(1).default(DEFAULT_ADMIN_GROUP) })
      .ADMIN_GROUP,
);

/** The accounts of the service's user pool. */
export const userDirectory = once(
  (): UserDirectory =>
    new CognitoUserDirectory(cognitoClient(), {
      userPoolId: readEnv('the user pool', { [ENV.USER_POOL_ID]: required }).USER_POOL_ID,
      adminGroup: adminGroup(),
    }),
);

/** The accounts of the pool a trigger's event comes from, one directory per pool id. */
export const triggerDirectories = once(() => {
  const client = cognitoClient();
  const group = adminGroup();
  return oncePerKey(
    (userPoolId: string): UserDirectory =>
      new CognitoUserDirectory(client, { userPoolId, adminGroup: group }),
  );
});
