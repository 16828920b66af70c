/**
 * The one place Step Functions clients are built. Handlers build them once, at module scope (lambdas/composition/), so a
 * warm Lambda reuses the connections. Locally the same factory points at the runtime's stand-in (same API) through an endpoint. One file per
 * kind of client, so a function bundles only the SDK clients it uses.
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { type ClientOptions, LOCAL_CREDENTIALS } from './client-options';

export function createSfnClient({ region, endpoint }: ClientOptions): SFNClient {
  return new SFNClient({ region, ...(endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {}) });
}
