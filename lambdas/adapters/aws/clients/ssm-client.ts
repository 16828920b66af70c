/**
 * The one place SSM Parameter Store clients are built (the reset email's trigger reads the site's URL there).
 * One file per kind of client, so a function bundles only the SDK clients it uses.
 */
import { SSMClient } from '@aws-sdk/client-ssm';
import type { ClientOptions } from './client-options';

export function createSsmClient({ region }: ClientOptions): SSMClient {
  return new SSMClient({ region });
}
