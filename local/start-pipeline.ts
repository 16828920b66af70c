/**
 * The pipeline on one machine: the state machine synthesized from the CDK app runs on the Step Functions
 * stand-in, each Task state on its Lambda handler, served on the internal door where the handlers' SDK
 * client finds it. Runs that end failed, timed out or aborted reach the same handler EventBridge invokes in AWS.
 */
import { synthesizePipelineDefinition } from '../lib/synth-pipeline';
import { LOCAL_STATE_MACHINE_ARN, STEP_FUNCTIONS_PREFIX } from './addresses';
import { loadRunEndedHandler, loadTaskHandlers } from './handler-modules';
import type { InternalDoor } from './internal-door';
import { createStepFunctions } from './stand-ins/stepfunctions';

export async function startPipeline(options: {
  readonly internal: InternalDoor;
  readonly executionsFile: string;
  /** PIPELINE_RETRY_INTERVAL_MS and PIPELINE_RUN_TIMEOUT_SECONDS (tests shorten them). */
  readonly timing: { readonly retryIntervalMs?: number; readonly runTimeoutSeconds?: number };
  readonly log: (line: string) => void;
}): Promise<{ close(): Promise<void> }> {
  const pipeline = await synthesizePipelineDefinition();
  const handlers = await loadTaskHandlers(pipeline.taskFunctions);
  const runEnded = await loadRunEndedHandler();
  const stepFunctions = await createStepFunctions({
    definition: pipeline.definition,
    stateMachineArn: LOCAL_STATE_MACHINE_ARN,
    handlers,
    executionsFile: options.executionsFile,
    ...options.timing,
    onRunEnded: async (detail) => {
      await runEnded({
        source: 'aws.states',
        'detail-type': 'Step Functions Execution Status Change',
        detail,
      });
    },
    log: options.log,
  });
  options.internal.mount(STEP_FUNCTIONS_PREFIX, stepFunctions.handle, { strip: true });
  return stepFunctions;
}
