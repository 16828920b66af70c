/**
 * The one place S3 clients are built. Handlers build them once, at module scope (lambdas/composition/), so a
 * warm Lambda reuses the connections. Locally the same factory points at s3rver through an endpoint. One file per
 * kind of client, so a function bundles only the SDK clients it uses.
 */
import { S3Client } from '@aws-sdk/client-s3';
import type { ClientOptions } from './client-options';

/** s3rver only accepts its own fixed key pair. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

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
