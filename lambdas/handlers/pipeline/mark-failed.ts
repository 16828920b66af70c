/** MarkFailed: a readable error on the message, and a notice to the sender. */
import { messageChanges, warn } from '../../composition/message-changes';
import { senderPreferencesRepository, sentTextRepository } from '../../composition/repositories';
import { serviceName } from '../../composition/service';
import { outboundSms } from '../../composition/sms';
import { markFailed } from '../../use-cases/pipeline/outcome';
import { pipelineStep } from './step';

export const handler = pipelineStep(
  'mark-failed',
  markFailed,
  {
    ...messageChanges(),
    ...outboundSms(),
    preferences: senderPreferencesRepository(),
    serviceName: serviceName(),
    sentTexts: sentTextRepository(),
    warn,
  },
  (result, metrics) => {
    if (!result.marked || !('cause' in result) || !result.cause) return;
    // One metric per cause, so an alarm or a graph can tell "no speech" from "our fault".
    const failed = metrics.singleMetric();
    failed.addDimension('cause', result.cause);
    failed.addMetric('MessagesFailed', 'Count', 1);
  },
);
