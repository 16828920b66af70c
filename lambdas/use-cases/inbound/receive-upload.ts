/**
 * An admin's test upload from the dashboard: the bytes checked with the audio tools (not the file's name),
 * stored, made a message and handed to the pipeline.
 */
import { randomUUID } from 'node:crypto';
import { ACCEPTED_FORMATS_TEXT, detectAudioFormat, MAX_AUDIO_BYTES } from '#core/audio/audio-format';
import { audioKey } from '#core/audio/audio-keys';
import { isTooLong, tooLongText } from '#core/audio/audio-length';
import { normalizePhone } from '#core/delivery/phone';
import {
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '#core/errors';
import { DEFAULT_TEST_SENDER } from '#core/messages/message';
import { newMessage } from '#core/messages/new-message';
import { NotAudioError } from '#core/messages/pipeline-errors';
import type { AudioStore } from '../../ports/audio-store';
import type { AudioTools } from '../../ports/audio-tools';
import type { SettingsRepository } from '../../ports/settings-repository';
import { createMessage, type MessageChangeDeps } from '../message-changes';
import { currentSettings } from '../settings';
import { countUsage, type UsageDeps } from '../usage';
import { type FirstRunDeps, startFirstRun } from './hand-to-pipeline';

/** What an admin's test upload uses: the bytes checked with the audio tools, stored, made a message, started. */
export type UploadDeps = MessageChangeDeps &
  UsageDeps &
  FirstRunDeps & {
    readonly audio: AudioStore;
    /** The settings hold the longest message transcribed. */
    readonly settings: SettingsRepository;
    readonly audioTools: AudioTools;
  };

export type UploadedAudio = {
  readonly bytes: Buffer;
  readonly fileName: string | null;
  readonly sender: string | null;
  /** `sms` for a sender's own recording (an UPLOAD link): answered, failures included, as a voice message is. */
  readonly source?: 'sms' | 'upload';
};

/**
 * An admin's test upload: checked from its bytes (not its name), stored, made a message and started. A sender
 * that is a phone number gets the reply by SMS; any other sender (the default "test-user") gets none.
 */
export async function receiveUpload(deps: UploadDeps, upload: UploadedAudio) {
  if (upload.bytes.byteLength === 0) {
    throw new ValidationError('The audio file is empty: choose a recording and upload it again.');
  }
  if (upload.bytes.byteLength > MAX_AUDIO_BYTES) {
    throw new PayloadTooLargeError('The audio file is larger than 25 MB: upload a shorter recording.');
  }
  const format = detectAudioFormat(upload.bytes);
  if (!format) {
    throw new UnsupportedMediaTypeError(
      `${upload.fileName ? `"${upload.fileName}"` : 'The file'} is not audio we can read. Upload ${ACCEPTED_FORMATS_TEXT}.`,
    );
  }
  let probe: Awaited<ReturnType<AudioTools['probe']>>;
  try {
    probe = await deps.audioTools.probe(upload.bytes);
  } catch (error) {
    if (error instanceof NotAudioError) {
      throw new UnprocessableError(
        `The file looks like ${format.extension.toUpperCase()} but cannot be played: it is damaged or incomplete. Export it again and upload the whole file.`,
      );
    }
    throw error;
  }
  const longestMinutes = (await currentSettings(deps)).max_duration_minutes;
  if (isTooLong(probe.durationSeconds, longestMinutes)) {
    throw new UnprocessableError(
      `The recording is ${tooLongText(probe.durationSeconds, longestMinutes * 60)} (Settings). Upload a shorter one.`,
    );
  }
  const sender = upload.sender?.trim() || DEFAULT_TEST_SENDER;
  const phone = normalizePhone(sender);
  const id = `up-${randomUUID()}`;
  const key = audioKey(id, format.extension);
  await deps.audio.put(key, upload.bytes, format.mime, upload.bytes.byteLength);
  const message = newMessage({
    id,
    created_at: deps.clock(),
    sender,
    phone_number: phone.ok ? phone.e164 : null,
    audio_url: key,
    source: upload.source ?? 'upload',
    media_url: null,
    audio_content_type: format.mime,
    attempt: 1,
  });
  try {
    await createMessage(deps, message);
  } catch (error) {
    // Nothing half-written: without its message, the stored audio would be an orphan.
    await deps.audio.delete(key).catch(() => {});
    throw error;
  }
  await countUsage(deps, { received: 1 });
  const started = await startFirstRun(deps, message);
  return { messageId: id, status: message.status, started };
}

/**
 * A test upload the browser sent straight to the upload area (`POST /api/uploads`): checked and stored as
 * `receiveUpload` does, then removed from the upload area whatever the outcome, so a file that is not audio
 * leaves nothing behind (and one that is stays only as the message's audio).
 */
export async function receiveUploadedFile(
  deps: UploadDeps,
  input: {
    readonly uploadKey: string;
    readonly sender?: string | null | undefined;
    readonly source?: 'sms' | 'upload';
  },
) {
  let bytes: Buffer;
  try {
    bytes = (await deps.audio.get(input.uploadKey)).body;
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new NotFoundError('The uploaded file was not found (uploads expire): upload it again.');
    }
    throw error;
  }
  try {
    return await receiveUpload(deps, {
      bytes,
      fileName: null,
      sender: input.sender ?? null,
      ...(input.source ? { source: input.source } : {}),
    });
  } finally {
    await deps.audio.delete(input.uploadKey).catch((error: unknown) => {
      deps.warn('An upload could not be removed from the upload area', {
        uploadKey: input.uploadKey,
        error: (error as Error).message,
      });
    });
  }
}
