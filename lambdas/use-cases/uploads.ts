/**
 * The dashboard's direct uploads and audio playback: short-lived signed URLs to the private audio bucket, so
 * large files never pass through a function and the audio is never public.
 */
import { randomUUID } from 'node:crypto';
import { MAX_AUDIO_BYTES } from '#core/audio/audio-format';
import {
  AUDIO_URL_SECONDS,
  UPLOAD_PREFIX,
  UPLOAD_URL_SECONDS,
  type UploadRequest,
  type UploadTicket,
} from '#core/audio/uploads';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '#core/errors';
import type { AudioStore } from '../ports/audio-store';
import type { MessageRepository } from '../ports/message-repository';

/**
 * Refuses a file size the pipeline would refuse (empty, over 25 MB) before a byte is sent, in the caller's
 * words: `empty` for an empty file (a 400 on `size`), `tooLarge` for one over the limit (a 413).
 */
export function checkUploadSize(size: number, words: { readonly empty: string; readonly tooLarge: string }) {
  if (size === 0) throw new ValidationError(words.empty, [{ field: 'size', message: 'The file is empty.' }]);
  if (size > MAX_AUDIO_BYTES) throw new PayloadTooLargeError(words.tooLarge);
}

/**
 * Signs a PUT of one file of exactly this size and type into the upload area. Sizes the pipeline would
 * refuse are refused here, before a byte is sent.
 */
export async function startUpload(
  deps: { readonly audio: AudioStore },
  request: Required<UploadRequest>,
): Promise<UploadTicket> {
  checkUploadSize(request.size, {
    empty: 'The audio file is empty: choose a recording and upload it again.',
    tooLarge: 'The audio file is larger than 25 MB: upload a shorter recording.',
  });
  const uploadKey = `${UPLOAD_PREFIX}${randomUUID()}`;
  const { url, headers } = await deps.audio.presignPut(
    uploadKey,
    request.contentType,
    request.size,
    UPLOAD_URL_SECONDS,
  );
  return { uploadKey, url, headers };
}

/** A short-lived link to a message's stored audio, for the dashboard's player. */
export async function audioLink(
  deps: { readonly messages: Pick<MessageRepository, 'get'>; readonly audio: AudioStore },
  messageId: string,
): Promise<{ url: string }> {
  const message = await deps.messages.get(messageId);
  if (!message) throw new NotFoundError(`There is no message ${messageId}.`);
  if (!message.audio_url) {
    throw new NotFoundError(
      'The audio of this message is not stored yet: it is copied from the SMS provider when processing starts.',
    );
  }
  return { url: await deps.audio.presignGet(message.audio_url, AUDIO_URL_SECONDS) };
}
