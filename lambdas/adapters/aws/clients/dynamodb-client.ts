/**
 * The one place DynamoDB clients are built. Handlers build them once, at module scope (lambdas/composition/), so a
 * warm Lambda reuses the connections. Locally the same factory points at dynalite through an endpoint. One file per
 * kind of client, so a function bundles only the SDK clients it uses.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ClientOptions, LOCAL_CREDENTIALS } from './client-options';

export function createDynamoDbClient({ region, endpoint }: ClientOptions): DynamoDBClient {
  return new DynamoDBClient({ region, ...(endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {}) });
}

/** Document client: plain JS values in and out; undefined fields are dropped rather than rejected. */
export function createDocumentClient(options: ClientOptions): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(createDynamoDbClient(options), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}
