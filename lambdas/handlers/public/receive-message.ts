/**
 * POST /api/receive-message: Twilio's webhook only (a signed form post), in a function of its own with only
 * what that needs: no sign-in rights and no access to the upload area. Twilio gets `<Response/>` at once; the
 * voice messages are processed afterwards by the pipeline. Dashboard uploads go to POST /api/messages.
 */

import { ForbiddenError, UnsupportedMediaTypeError } from '#core/errors';
import { audioStore } from '../../composition/audio';
import { mediaFetching } from '../../composition/media';
import { messageChanges, warn } from '../../composition/message-changes';
import { logger, metrics } from '../../composition/observability';
import { phoneNumberProviders } from '../../composition/phone-numbers';
import { pipelineStarter } from '../../composition/pipeline-starter';
import { publicRoutes } from '../../composition/public-http';
import {
  callRepository,
  cardLinkStore,
  consentRecordRepository,
  deleteCodeStore,
  forwardingNumberRepository,
  joinCodeStore,
  senderPreferencesRepository,
  sentTextRepository,
  signupRepository,
  uploadCodeStore,
} from '../../composition/repositories';
import {
  callWebhookUrls,
  contactEmail,
  publicWebhookUrl,
  serviceName,
  siteUrl,
} from '../../composition/service';
import { outboundSms } from '../../composition/sms';
import { twilioSignatureCheck } from '../../composition/twilio-signed';
import { formParams, header } from '../../http/edge';
import { parseOrThrow } from '../../http/validation';
import { type InboundDeps, receiveSms, twilioWebhookSchema } from '../../use-cases/inbound/receive-sms';

const deps: InboundDeps = {
  ...messageChanges(),
  ...outboundSms(),
  audio: audioStore(),
  preferences: senderPreferencesRepository(),
  pipeline: pipelineStarter(),
  providers: { ...outboundSms().providers, ...mediaFetching(), ...phoneNumberProviders() },
  serviceName: serviceName(),
  contactEmail: contactEmail(),
  uploadCodes: uploadCodeStore(),
  siteUrl: siteUrl(),
  sentTexts: sentTextRepository(),
  deleteCodes: deleteCodeStore(),
  cardLinks: cardLinkStore(),
  joinCodes: joinCodeStore(),
  signups: signupRepository(),
  consents: consentRecordRepository(),
  forwardingNumbers: forwardingNumberRepository(),
  calls: callRepository(),
  callUrls: callWebhookUrls(),
  warn,
};
const twilio = twilioSignatureCheck(publicWebhookUrl(), 'Webhook');
/** Asked by the local gateway before it counts a post against the route's throttle (routes.ts `signedBy`). */
export const signedPost = twilio.signedPost;
const route = publicRoutes();

const WEBHOOK_ONLY = "this URL is Twilio's webhook and takes only its signed form posts.";
/** What an admin request sent here is told: uploads have their own admin route since issue 15. */
const UPLOADS_MOVED =
  'Dashboard uploads moved to POST /api/messages (admin, Bearer token): JSON {uploadKey, sender} after POST /api/uploads, or multipart/form-data with "audio" and "sender".';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

export const handler = route({ access: 'public' }, async ({ event }) => {
  const contentType = (header(event, 'content-type') ?? '').toLowerCase();
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const params = formParams(event);
    // Twilio signs its posts and never sends a Bearer token: a request with one is an admin's, and no admin
    // action is served here any more.
    if (/^Bearer\s/i.test(header(event, 'authorization') ?? '')) {
      logger.warn('Webhook refused: a Bearer token (an admin request at the webhook)');
      throw new ForbiddenError(`An admin token grants nothing here: ${WEBHOOK_ONLY} ${UPLOADS_MOVED}`);
    }
    await twilio.check(header(event, 'x-twilio-signature'), params);
    const form = parseOrThrow(twilioWebhookSchema, params, 'webhook form');
    // One key through the logs: each pipeline line of these messages carries the same MessageSid.
    logger.appendKeys({ messageSid: form.MessageSid });
    const result = await receiveSms(deps, form);
    logger.info('Webhook handled', {
      action: result.action,
      messages: result.messageIds.length,
      messageIds: result.messageIds,
    });
    if (result.created > 0) metrics.addMetric('MessagesReceived', 'Count', result.created);
    if (result.action === 'opt-out') metrics.addMetric('OptOuts', 'Count', 1);
    if (result.action === 'opt-in') metrics.addMetric('OptIns', 'Count', 1);
    if (result.action === 'delete') metrics.addMetric('DataErasures', 'Count', 1);
    if (result.overLimit) metrics.addMetric('VoiceMessagesOverLimit', 'Count', result.overLimit);
    return { status: 200, text: EMPTY_TWIML, headers: { 'content-type': 'text/xml; charset=utf-8' } };
  }

  // JSON, multipart or anything else is not Twilio's: most likely an upload from before the move.
  throw new UnsupportedMediaTypeError(`Not a Twilio webhook form: ${WEBHOOK_ONLY} ${UPLOADS_MOVED}`);
});
