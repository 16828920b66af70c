/** SendReply: the summary (and transcript) by SMS. */
import { messageChanges, warn } from '../../composition/message-changes';
import { phoneRegions } from '../../composition/phone-regions';
import {
  cardLinkStore,
  counters,
  optOutRepository,
  senderPreferencesRepository,
  sentTextRepository,
  settingsRepository,
} from '../../composition/repositories';
import { serviceName, siteUrl } from '../../composition/service';
import { smsSending } from '../../composition/sms';
import { usage } from '../../composition/usage';
import { sendReply } from '../../use-cases/pipeline/reply-steps';
import { pipelineStep } from './step';

export const handler = pipelineStep(
  'send-reply',
  sendReply,
  {
    ...messageChanges(),
    settings: settingsRepository(),
    optOuts: optOutRepository(),
    phoneRegions: phoneRegions(),
    providers: smsSending(),
    serviceName: serviceName(),
    counters: counters(),
    sentTexts: sentTextRepository(),
    warn,
    siteUrl: siteUrl(),
    usage: usage(),
    // CARDS ON: the sender's choice and time zone, and the links of the files the first text carries.
    preferences: senderPreferencesRepository(),
    cardLinks: cardLinkStore(),
  },
  (result, metrics) => {
    if (result.complete) metrics.addMetric('RepliesSent', 'Count', 1);
    metrics.addMetric('ReplySegments', 'Count', result.segments);
  },
);
