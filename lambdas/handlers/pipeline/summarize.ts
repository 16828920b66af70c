/** Summarize: the summary goes on the message. */
import { messageChanges } from '../../composition/message-changes';
import { phoneRegions } from '../../composition/phone-regions';
import { senderPreferencesRepository } from '../../composition/repositories';
import { summarization } from '../../composition/summarization';
import { urgencyOpinion } from '../../composition/urgency-opinion';
import { usage } from '../../composition/usage';
import { summarize } from '../../use-cases/pipeline/summarize';
import { pipelineStep } from './step';

export const handler = pipelineStep('summarize', summarize, {
  ...messageChanges(),
  preferences: senderPreferencesRepository(),
  providers: summarization(),
  usage: usage(),
  phoneRegions: phoneRegions(),
  urgencyOpinion: urgencyOpinion(),
});
