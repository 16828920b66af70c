/** Creates the audio bucket locally (CDK creates it in AWS) with the CORS rule browser uploads need. */
import {
  BucketAlreadyOwnedByYou,
  type CORSRule,
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * The audio bucket's one CORS rule, locally and in AWS (lib/constructs/upload-cors.ts): the site's origin may
 * PUT a file with the signed Content-Type (the dashboard's direct upload). Playback needs none: an audio
 * element fetches without CORS.
 */
export function uploadCorsRule(origins: readonly string[]): CORSRule {
  return {
    AllowedOrigins: [...origins],
    AllowedMethods: ['PUT'],
    AllowedHeaders: ['content-type'],
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 3000,
  };
}

/** Creates `bucket` if missing and (re)applies CORS for `corsOrigins`. Safe to run on every start. */
export async function createBucket(
  s3: S3Client,
  bucket: string,
  corsOrigins: readonly string[],
): Promise<void> {
  const exists = await s3
    .send(new HeadBucketCommand({ Bucket: bucket }))
    .then(() => true)
    .catch(() => false);
  if (!exists) {
    try {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    } catch (error) {
      if (!(error instanceof BucketAlreadyOwnedByYou)) throw error;
    }
  }
  if (corsOrigins.length > 0) {
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: { CORSRules: [uploadCorsRule(corsOrigins)] },
      }),
    );
  }
}
