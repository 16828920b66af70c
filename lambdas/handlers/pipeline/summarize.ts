/** Summarize: the summary goes on the message. */
import { summarize } from '../../use-cases/pipeline';
import { pipelineStep } from './step';

export const handler = pipelineStep('summarize', summarize);
