/** MarkProcessing: the message becomes "processing" for this run. */
import { markProcessing } from '../../use-cases/pipeline';
import { pipelineStep } from './step';

export const handler = pipelineStep('mark-processing', markProcessing);
