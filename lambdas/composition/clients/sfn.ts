/** One Step Functions client per container, traced in Lambda; locally SFN_ENDPOINT names the stand-in. */
import { createSfnClient } from '../../adapters/aws/clients/sfn-client';
import { traced } from '../observability';
import { once } from '../once';
import { optionalUrl, readEnv } from '../read-env';
import { region } from './region';

export const sfnClient = once(() => {
  const { SFN_ENDPOINT } = readEnv('Step Functions', { SFN_ENDPOINT: optionalUrl });
  return traced(createSfnClient({ region: region(), endpoint: SFN_ENDPOINT }));
});
