/**
 * POST /api/voice (a forwarding number's voice webhook) and POST /api/voice/recorded (the <Record action>),
 * Twilio's signed form posts, in a function of their own: it must answer a ringing call fast, so it holds only
 * what answering needs (the forwarding numbers, the calls, the settings, the opt-outs, the counters, the
 * sender's LANG, and texting the one "forwarding works" text): no messages table, no audio bucket, no
 * pipeline, no media fetching. Both answer TwiML (text/xml). The recording itself arrives at call-events.
 */

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { UnsupportedMediaTypeError } from '#core/errors';
import { warn } from '../../composition/message-changes';
import { logger, metrics } from '../../composition/observability';
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
import { systemClock } from '../../ports/clock';
import {
  type AnswerCallDeps,
  answerCall,
  recordedSchema,
  recordingEnded,
  voiceWebhookSchema,
} from '../../use-cases/calls/answer-call';

const urls = callWebhookUrls();
const deps: AnswerCallDeps = {
  ...outboundSms(),
  clock: systemClock,
  forwardingNumbers: forwardingNumberRepository(),
  calls: callRepository(),
  preferences: senderPreferencesRepository(),
  serviceName: serviceName(),
  urls: { recorded: urls.recorded, recording: urls.recording },
  warn,
};
const voice = twilioSignatureCheck(urls.voice, 'Voice webhook');
const recorded = twilioSignatureCheck(urls.recorded, 'Recording action');
const RECORDED_ROUTE = 'POST /api/voice/recorded';
const checkFor = (event: APIGatewayProxyEventV2) => (event.routeKey === RECORDED_ROUTE ? recorded : voice);

/** Asked by the local gateway before it counts a post against the route's throttle (routes.ts `signedBy`). */
export const signedPost = (event: APIGatewayProxyEventV2) => checkFor(event).signedPost(event);
const route = publicRoutes();

const twiml = (text: string) => ({
  status: 200,
  text,
  headers: { 'content-type': 'text/xml; charset=utf-8' },
});

export const handler = route({ access: 'public' }, async ({ event }) => {
  const contentType = (header(event, 'content-type') ?? '').toLowerCase();
  if (!contentType.startsWith('application/x-www-form-urlencoded')) {
    throw new UnsupportedMediaTypeError(
      "Not a Twilio voice webhook: this URL takes only Twilio's signed form posts.",
    );
  }
  const params = formParams(event);
  await checkFor(event).check(header(event, 'x-twilio-signature'), params);
  if (event.routeKey === RECORDED_ROUTE) {
    const form = parseOrThrow(recordedSchema, params, 'recording action form');
    logger.appendKeys({ callSid: form.CallSid });
    return twiml(await recordingEnded(deps, form));
  }
  const form = parseOrThrow(voiceWebhookSchema, params, 'voice webhook form');
  logger.appendKeys({ callSid: form.CallSid });
  const answer = await answerCall(deps, form);
  logger.info('Call answered', { outcome: answer.outcome, testCall: answer.testCall ?? false });
  metrics.addMetric(answer.outcome === 'recording' ? 'CallsTaken' : 'CallsRefused', 'Count', 1);
  return twiml(answer.twiml);
});
