/** MarkProcessing: the message becomes "processing" for this run. Uses the messages table only. */
import { messageChanges } from '../../composition/message-changes';
import { markProcessing } from '../../use-cases/pipeline/mark-processing';
import { pipelineStep } from './step';

export const handler = pipelineStep('mark-processing', markProcessing, messageChanges());
