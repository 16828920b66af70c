/** DecideReply: whether the sender gets an SMS reply. It reads the message and changes nothing. */
import { messageReads } from '../../composition/message-changes';
import { phoneRegions } from '../../composition/phone-regions';
import { optOutRepository, settingsRepository } from '../../composition/repositories';
import { smsSending } from '../../composition/sms';
import { decideReply } from '../../use-cases/pipeline/reply-steps';
import { pipelineStep } from './step';

export const handler = pipelineStep('decide-reply', decideReply, {
  ...messageReads(),
  settings: settingsRepository(),
  optOuts: optOutRepository(),
  phoneRegions: phoneRegions(),
  providers: smsSending(),
});
