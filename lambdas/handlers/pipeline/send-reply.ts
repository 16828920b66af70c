/** SendReply: the summary (and transcript) by SMS. */
import { sendReply } from '../../use-cases/pipeline';
import { pipelineStep } from './step';

export const handler = pipelineStep('send-reply', sendReply);
