/** SendReply: the summary (and transcript) by SMS. */
import { messageChanges, warn } from '../../composition/message-changes';
import {
  cardLinkStore,
  senderPreferencesRepository,
  sentTextRepository,
} from '../../composition/repositories';
import { serviceName, siteUrl } from '../../composition/service';
import { outboundSms } from '../../composition/sms';
import { sendReply } from '../../use-cases/pipeline/reply-steps';
import { pipelineStep } from './step';

export const handler = pipelineStep(
  'send-reply',
  sendReply,
  {
    ...messageChanges(),
    ...outboundSms(),
    serviceName: serviceName(),
    sentTexts: sentTextRepository(),
    warn,
    siteUrl: siteUrl(),
    // CARDS ON: the sender's choice and time zone, and the links of the files the first text carries.
    preferences: senderPreferencesRepository(),
    cardLinks: cardLinkStore(),
  },
  (result, metrics) => {
    if (result.complete) metrics.addMetric('RepliesSent', 'Count', 1);
    metrics.addMetric('ReplySegments', 'Count', result.segments);
  },
);
