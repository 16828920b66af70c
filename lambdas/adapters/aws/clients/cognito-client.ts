/**
 * The one place Cognito (user pool administration) clients are built. Handlers build them once, at module scope
 * (lambdas/composition/), so a warm Lambda reuses the connections. Locally the same factory points at
 * cognito-local through an endpoint. One file per kind of client, so a function bundles only the SDK clients it
 * uses.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { type ClientOptions, LOCAL_CREDENTIALS } from './client-options';

export function createCognitoClient({ region, endpoint }: ClientOptions): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region,
    ...(endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {}),
  });
}
