/**
 * POST /api/receive-message: the webhook URL given to Twilio (a signed form post), and the admin's test upload
 * (multipart `audio` + `sender`, or JSON `{uploadKey, sender}` for a file already sent to the upload area with
 * POST /api/uploads; both with an admin Bearer token). Twilio gets `<Response/>` at once; the voice messages
 * are processed afterwards by the pipeline.
 */

import { isValidTwilioSignature } from '../adapters/twilio/twilio-signature';
import { audioStore, audioTools } from '../composition/audio';
import { hostAdapters } from '../composition/host';
import { adminRoutes, requireAdmin } from '../composition/http';
import { mediaFetching } from '../composition/media';
import { messageChanges, warn } from '../composition/message-changes';
import { logger, metrics } from '../composition/observability';
import { phoneRegions } from '../composition/phone-regions';
import { pipelineStarter } from '../composition/pipeline-starter';
import { counters, optOutRepository, settingsRepository } from '../composition/repositories';
import { secretStore } from '../composition/secrets';
import { contactEmail, publicWebhookUrl, serviceName } from '../composition/service';
import { smsSending } from '../composition/sms';
import { MAX_AUDIO_BYTES } from '../core/audio-format';
import {
  ForbiddenError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../core/errors';
import { uploadedAudioSchema } from '../core/uploads';
import { header, readJsonBody } from '../http/edge';
import { parseMultipart } from '../http/multipart';
import { parseOrThrow } from '../http/validation';
import {
  type InboundDeps,
  receiveSms,
  receiveUpload,
  receiveUploadedFile,
  twilioWebhookSchema,
} from '../use-cases/inbound';

const deps: InboundDeps = {
  ...messageChanges(),
  audio: audioStore(),
  audioTools: audioTools(),
  counters: counters(),
  settings: settingsRepository(),
  optOuts: optOutRepository(),
  phoneRegions: phoneRegions(),
  pipeline: pipelineStarter(),
  providers: { ...smsSending(), ...mediaFetching() },
  serviceName: serviceName(),
  contactEmail: contactEmail(),
  warn,
};
const secrets = secretStore(['twilio_auth_token']);
const localWebhookToken = hostAdapters().webhookToken;
const webhookUrl = publicWebhookUrl();
const route = adminRoutes();

/** The token X-Twilio-Signature is checked with: the saved Twilio auth token, else the host's own (locally). */
async function webhookSigningToken(): Promise<string | null> {
  return (await secrets.get('twilio_auth_token')) ?? (localWebhookToken ? await localWebhookToken() : null);
}

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
    const result = await receiveSms(deps, form);
    logger.info('Webhook handled', { action: result.action, messages: result.messageIds.length });
    if (result.created > 0) metrics.addMetric('MessagesReceived', 'Count', result.created);
    if (result.action === 'opt-out') metrics.addMetric('OptOuts', 'Count', 1);
    if (result.action === 'opt-in') metrics.addMetric('OptIns', 'Count', 1);
    if (result.action === 'delete') metrics.addMetric('DataErasures', 'Count', 1);
    if (result.overLimit) metrics.addMetric('VoiceMessagesOverLimit', 'Count', result.overLimit);
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
    const result = await receiveUpload(deps, {
      bytes: file.bytes,
      fileName: file.fileName,
      sender: sender ?? null,
    });
    metrics.addMetric('MessagesReceived', 'Count', 1);
    return { status: 201, body: result };
  }

  if (contentType.startsWith('application/json')) {
    await requireAdmin(event);
    const body = parseOrThrow(uploadedAudioSchema, readJsonBody(event), 'request body');
    const result = await receiveUploadedFile(deps, body);
    metrics.addMetric('MessagesReceived', 'Count', 1);
    return { status: 201, body: result };
  }

  throw new UnsupportedMediaTypeError(
    'Send a Twilio webhook (application/x-www-form-urlencoded), an upload (multipart/form-data with "audio") or JSON {uploadKey, sender} after POST /api/uploads.',
  );
});
