/**
 * POST /api/sms-status: Twilio's delivery status callbacks for the texts the service sent (a signed form
 * post), in a function of its own that can only read the SID -> message links and update messages. Each
 * callback moves its text's status forward (never back: they are retried and arrive out of order); one for a
 * text not tied to a message is acknowledged and changes nothing. Twilio gets 204 either way, so it does not
 * retry what was handled.
 */

import { TWILIO_OUTBOUND_STATUSES } from '#core/delivery/delivery-status';
import { UnsupportedMediaTypeError } from '#core/errors';
import { messageChanges } from '../../composition/message-changes';
import { logger, metrics } from '../../composition/observability';
import { publicRoutes } from '../../composition/public-http';
import { sentTextRepository } from '../../composition/repositories';
import { smsStatusUrl } from '../../composition/service';
import { twilioSignatureCheck } from '../../composition/twilio-signed';
import { usage } from '../../composition/usage';
import { formParams, header } from '../../http/edge';
import { parseOrThrow } from '../../http/validation';
import { receiveStatusCallback, smsStatusCallbackSchema } from '../../use-cases/delivery-status';

const deps = { ...messageChanges(), sentTexts: sentTextRepository(), usage: usage() };
const twilio = twilioSignatureCheck(smsStatusUrl(), 'Status callback');
/** Asked by the local gateway before it counts a post against the route's throttle (routes.ts `signedBy`). */
export const signedPost = twilio.signedPost;
const route = publicRoutes();

export const handler = route({ access: 'public' }, async ({ event }) => {
  const contentType = (header(event, 'content-type') ?? '').toLowerCase();
  if (!contentType.startsWith('application/x-www-form-urlencoded')) {
    throw new UnsupportedMediaTypeError(
      "Not a Twilio status callback: this URL takes only Twilio's signed form posts.",
    );
  }
  const params = formParams(event);
  await twilio.check(header(event, 'x-twilio-signature'), params);
  const callback = parseOrThrow(smsStatusCallbackSchema, params, 'status callback form');
  const result = await receiveStatusCallback(deps, callback);
  if (result.outcome === 'unknown-sms') {
    logger.debug('Status callback for a text not tied to a message: ignored', { sid: callback.MessageSid });
  } else if (result.outcome === 'recorded') {
    // The status as stored (Twilio's `canceled`, `read` and the in-between steps folded into ours), so the
    // dashboards count what the records say.
    const status = TWILIO_OUTBOUND_STATUSES[callback.MessageStatus];
    if (status === 'undelivered' || status === 'failed') {
      logger.warn('A text was not delivered', { sid: callback.MessageSid, status, code: callback.ErrorCode });
      metrics.addMetric('TextsUndelivered', 'Count', 1);
    }
    if (status === 'delivered') metrics.addMetric('TextsDelivered', 'Count', 1);
  }
  return { status: 204 };
});
