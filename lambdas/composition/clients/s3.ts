/** One S3 client per container, traced in Lambda; locally S3_ENDPOINT names s3rver. */
import { createS3Client } from '../../adapters/aws/clients/s3-client';
import { traced } from '../observability';
import { once } from '../once';
import { optionalUrl, readEnv } from '../read-env';
import { region } from './region';

export const s3Client = once(() => {
  const { S3_ENDPOINT } = readEnv('S3', { S3_ENDPOINT: optionalUrl });
  return traced(createS3Client({ region: region(), endpoint: S3_ENDPOINT }));
});
