/**
 * POST /api/receive-message: the webhook URL given to Twilio (a signed form post), and the admin's test upload
 * (multipart `audio` + `sender`, with an admin Bearer token). Twilio gets `<Response/>` at once; the
 * voice messages are processed afterwards by the pipeline.
 */

import { isValidTwilioSignature } from '../adapters/twilio/twilio-signature';
import { MAX_AUDIO_BYTES } from '../core/audio-format';
import {
  ForbiddenError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../core/errors';
import { header } from '../http/edge';
import { parseMultipart } from '../http/multipart';
import { parseOrThrow } from '../http/validation';
import { receiveSms, receiveUpload, twilioWebhookSchema } from '../use-cases/inbound';
import { inboundDeps, logger, requireAdmin, route, webhookSigningToken, webhookUrl } from '../wiring';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

export const handler = route({ access: 'public' }, async ({ event }) => {
  const contentType = (header(event, 'content-type') ?? '').toLowerCase();
  const raw = event.body
    ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);

  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const params = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    const token = await webhookSigningToken();
    if (!token) {
      logger.warn('Webhook refused: no Twilio auth token is saved to check its signature');
      throw new ForbiddenError(
        'Webhook signatures cannot be checked: save the Twilio auth token in Settings.',
      );
    }
    if (!isValidTwilioSignature(token, header(event, 'x-twilio-signature'), webhookUrl, params)) {
      logger.warn('Webhook refused: bad or missing X-Twilio-Signature');
      throw new ForbiddenError('The X-Twilio-Signature of this request is missing or wrong.');
    }
    const form = parseOrThrow(twilioWebhookSchema, params, 'webhook form');
    const result = await receiveSms(inboundDeps, form);
    logger.info('Webhook handled', { action: result.action, messages: result.messageIds.length });
    return { status: 200, text: EMPTY_TWIML, headers: { 'content-type': 'text/xml; charset=utf-8' } };
  }

  if (contentType.startsWith('multipart/form-data')) {
    await requireAdmin(event);
    const form = await parseMultipart(raw, header(event, 'content-type')!, { maxFileBytes: MAX_AUDIO_BYTES });
    const files = form.files.filter((f) => f.field === 'audio');
    if (files.length === 0) {
      throw new ValidationError('Choose an audio file to upload (the form field "audio").');
    }
    if (files.length > 1) throw new ValidationError('Upload one audio file at a time.');
    const file = files[0]!;
    if (file.truncated) {
      throw new PayloadTooLargeError('The audio file is larger than 25 MB: upload a shorter recording.');
    }
    const sender = form.fields.sender;
    if (sender !== undefined && sender.length > 100) {
      throw new ValidationError('The sender is too long (100 characters at most).');
    }
    const result = await receiveUpload(inboundDeps, {
      bytes: file.bytes,
      fileName: file.fileName,
      sender: sender ?? null,
    });
    return { status: 201, body: result };
  }

  throw new UnsupportedMediaTypeError(
    'Send a Twilio webhook (application/x-www-form-urlencoded) or an upload (multipart/form-data with "audio").',
  );
});
