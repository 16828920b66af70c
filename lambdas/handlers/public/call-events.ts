/**
 * POST /api/voice/recording (the recording status callback) and POST /api/voice/status (the call status
 * callback), Twilio's signed form posts about a forwarded call after it was answered, in a function apart
 * from the voice webhook: this one makes messages, starts the pipeline, deletes recordings at Twilio with the
 * account's credentials and texts missed calls, none of which answering a ringing call needs. Twilio gets 204
 * once a callback is handled, so it does not retry it.
 */

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { UnsupportedMediaTypeError } from '#core/errors';
import { mediaFetching } from '../../composition/media';
import { messageChanges, warn } from '../../composition/message-changes';
import { logger, metrics } from '../../composition/observability';
import { pipelineStarter } from '../../composition/pipeline-starter';
import { publicRoutes } from '../../composition/public-http';
import {
  callRepository,
  forwardingNumberRepository,
  senderPreferencesRepository,
} from '../../composition/repositories';
import { callWebhookUrls, serviceName } from '../../composition/service';
import { outboundSms } from '../../composition/sms';
import { twilioSignatureCheck } from '../../composition/twilio-signed';
import { formParams, header } from '../../http/edge';
import { parseOrThrow } from '../../http/validation';
import {
  type CallEventDeps,
  callEnded,
  callStatusSchema,
  receiveRecording,
  recordingCallbackSchema,
} from '../../use-cases/calls/call-events';

const deps: CallEventDeps = {
  ...messageChanges(),
  ...outboundSms(),
  providers: { ...outboundSms().providers, ...mediaFetching() },
  pipeline: pipelineStarter(),
  calls: callRepository(),
  forwardingNumbers: forwardingNumberRepository(),
  preferences: senderPreferencesRepository(),
  serviceName: serviceName(),
  warn,
};
const urls = callWebhookUrls();
const recording = twilioSignatureCheck(urls.recording, 'Recording callback');
const status = twilioSignatureCheck(urls.status, 'Call status callback');
const RECORDING_ROUTE = 'POST /api/voice/recording';
const checkFor = (event: APIGatewayProxyEventV2) => (event.routeKey === RECORDING_ROUTE ? recording : status);

/** Asked by the local gateway before it counts a post against the route's throttle (routes.ts `signedBy`). */
export const signedPost = (event: APIGatewayProxyEventV2) => checkFor(event).signedPost(event);
const route = publicRoutes();

export const handler = route({ access: 'public' }, async ({ event }) => {
  const contentType = (header(event, 'content-type') ?? '').toLowerCase();
  if (!contentType.startsWith('application/x-www-form-urlencoded')) {
    throw new UnsupportedMediaTypeError(
      "Not a Twilio call callback: this URL takes only Twilio's signed form posts.",
    );
  }
  const params = formParams(event);
  await checkFor(event).check(header(event, 'x-twilio-signature'), params);
  if (event.routeKey === RECORDING_ROUTE) {
    const form = parseOrThrow(recordingCallbackSchema, params, 'recording status callback form');
    logger.appendKeys({ callSid: form.CallSid });
    const result = await receiveRecording(deps, form);
    logger.info('Recording handled', { outcome: result.outcome, messageId: result.messageId });
    if (result.outcome === 'message' || result.outcome === 'over-limit')
      metrics.addMetric('MessagesReceived', 'Count', 1);
    return { status: 204 };
  }
  const form = parseOrThrow(callStatusSchema, params, 'call status callback form');
  logger.appendKeys({ callSid: form.CallSid });
  const result = await callEnded(deps, form);
  logger.info('Call status handled', { status: form.CallStatus, outcome: result.outcome });
  if (result.outcome === 'missed' || result.outcome === 'missed-texted')
    metrics.addMetric('MissedCalls', 'Count', 1);
  return { status: 204 };
});
