/** DecideReply: whether the sender gets an SMS reply. */
import { decideReply } from '../../use-cases/pipeline';
import { pipelineStep } from './step';

export const handler = pipelineStep('decide-reply', decideReply);
