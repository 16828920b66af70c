import { ExecutionAlreadyExists, type SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { UnavailableError } from '#core/errors';
import { executionName, type PipelineInput } from '#core/messages/pipeline-run';
import type { PipelineStarter } from '../../ports/pipeline-starter';

/**
 * Starts pipeline runs on Step Functions (locally: the runtime's Step Functions stand-in, same API). The
 * execution name is the (message, attempt) pair, so a second start of the same run is refused by Step
 * Functions itself and reported as `started: false`.
 */
export class SfnPipelineStarter implements PipelineStarter {
  constructor(
    private readonly sfn: SFNClient,
    private readonly stateMachineArn: string | undefined,
  ) {}

  async start(input: PipelineInput): Promise<{ readonly started: boolean }> {
    if (!this.stateMachineArn) {
      throw new UnavailableError('Processing is not configured (no state machine): the message waits.');
    }
    try {
      await this.sfn.send(
        new StartExecutionCommand({
          stateMachineArn: this.stateMachineArn,
          name: executionName(input),
          input: JSON.stringify(input),
        }),
      );
      return { started: true };
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists || (error as Error).name === 'ExecutionAlreadyExists') {
        return { started: false };
      }
      throw new UnavailableError(
        `Processing could not be started (${(error as Error).name}): try again in a minute.`,
      );
    }
  }
}
