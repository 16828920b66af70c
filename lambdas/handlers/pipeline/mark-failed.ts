/** MarkFailed: a readable error on the message, and a notice to the sender. */
import { markFailed } from '../../use-cases/pipeline';
import { pipelineStep } from './step';

export const handler = pipelineStep('mark-failed', markFailed);
