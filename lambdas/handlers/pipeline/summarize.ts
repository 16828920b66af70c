/** Summarize: the summary goes on the message. */
import { messageChanges } from '../../composition/message-changes';
import { summarization } from '../../composition/summarization';
import { usage } from '../../composition/usage';
import { summarize } from '../../use-cases/pipeline/summarize';
import { pipelineStep } from './step';

export const handler = pipelineStep('summarize', summarize, {
  ...messageChanges(),
  providers: summarization(),
  usage: usage(),
});
