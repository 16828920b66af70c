/** Starts pipeline runs: only the functions that start them get STATE_MACHINE_ARN. */
import { SfnPipelineStarter } from '../adapters/aws/sfn-pipeline-starter';
import { sfnClient } from './clients/sfn';
import { ENV } from './env-names';
import { once } from './once';
import { readEnv, required } from './read-env';

export const pipelineStarter = once(
  () =>
    new SfnPipelineStarter(
      sfnClient(),
      readEnv('the pipeline', { [ENV.STATE_MACHINE_ARN]: required }).STATE_MACHINE_ARN,
    ),
);
