/** Transcribe: the transcript goes on the message. */
import { transcribe } from '../../use-cases/pipeline';
import { pipelineStep } from './step';

export const handler = pipelineStep('transcribe', transcribe);
