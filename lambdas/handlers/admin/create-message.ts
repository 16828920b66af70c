/**
 * POST /api/messages (admin): the dashboard's test upload becomes a message and a pipeline run. JSON
 * `{uploadKey, sender}` for a file already sent to the upload area with POST /api/uploads (removed from there
 * whatever the outcome), or multipart `audio` + `sender` (small files: a request body stops near 6 MB in AWS).
 * 201 `{messageId}`; 415 not audio, 422 damaged or too long, 413 over 25 MB.
 */

import { MAX_AUDIO_BYTES } from '#core/audio/audio-format';
import { uploadedAudioSchema } from '#core/audio/uploads';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '#core/errors';
import { adminRoutes } from '../../composition/http';
import { metrics } from '../../composition/observability';
import { uploadDeps } from '../../composition/uploads';
import { bodyBytes, header, readJsonBody } from '../../http/edge';
import { parseMultipart } from '../../http/multipart';
import { BODY_LIMITS } from '../../http/routes';
import { parseOrThrow } from '../../http/validation';
import { receiveUpload, receiveUploadedFile } from '../../use-cases/inbound/receive-upload';

const deps = uploadDeps();
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async ({ event }) => {
  const contentType = (header(event, 'content-type') ?? '').toLowerCase();

  if (contentType.startsWith('application/json')) {
    const body = parseOrThrow(uploadedAudioSchema, readJsonBody(event), 'request body');
    const result = await receiveUploadedFile(deps, body);
    metrics.addMetric('MessagesReceived', 'Count', 1);
    return { status: 201, body: result };
  }

  if (contentType.startsWith('multipart/form-data')) {
    const raw = bodyBytes(event, BODY_LIMITS.multipartUpload);
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

  throw new UnsupportedMediaTypeError(
    'Send JSON {uploadKey, sender} after POST /api/uploads, or multipart/form-data with the file in "audio".',
  );
});
