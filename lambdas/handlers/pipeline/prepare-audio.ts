/** PrepareAudio: the audio stored, checked and, when needed, converted. */
import { prepareAudio } from '../../use-cases/pipeline';
import { pipelineStep } from './step';

export const handler = pipelineStep('prepare-audio', prepareAudio);
