/**
 * The one place AWS SDK clients are built. Handlers call these at module scope so a warm Lambda reuses the
 * connections. Locally the same factories point at dynalite and s3rver through the *_ENDPOINT settings.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export type ClientOptions = {
  readonly region: string;
  /** Set only for local stand-ins. */
  readonly endpoint?: string | undefined;
};

/** Stand-ins accept any credentials; giving fixed ones stops the SDK from searching for real ones. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
/** s3rver only accepts its own fixed key pair. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function createDynamoDbClient({ region, endpoint }: ClientOptions): DynamoDBClient {
  return new DynamoDBClient({ region, ...(endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {}) });
}

/** Document client: plain JS values in and out; undefined fields are dropped rather than rejected. */
export function createDocumentClient(options: ClientOptions): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(createDynamoDbClient(options), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

/**
 * Checksums only when an operation requires them: with the SDK's default (always) s3rver stores streamed
 * uploads corrupted and presigned URLs carry a checksum the browser's body cannot match. AWS accepts
 * WHEN_REQUIRED, so the same setting is used there.
 */
export function createS3Client({ region, endpoint }: ClientOptions): S3Client {
  return new S3Client({
    region,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS } : {}),
  });
}

/** Step Functions; locally the runtime's stand-in, which speaks the same API. */
export function createSfnClient({ region, endpoint }: ClientOptions): SFNClient {
  return new SFNClient({ region, ...(endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {}) });
}
