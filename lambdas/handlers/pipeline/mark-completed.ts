/** MarkCompleted: the run is done. */
import { markCompleted } from '../../use-cases/pipeline';
import { pipelineStep } from './step';

export const handler = pipelineStep('mark-completed', markCompleted);
