import * as z from 'zod';
import { once } from '../once';
import { readEnv } from '../read-env';

/** Set by Lambda; the local runtime sets it too. */
export const region = once(
  () => readEnv('the AWS region', { AWS_REGION: z.string().default('us-east-1') }).AWS_REGION,
);
