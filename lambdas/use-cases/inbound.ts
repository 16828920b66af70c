/**
 * What arrives at the service: texts and voice messages from the SMS provider's webhook, an admin's test
 * upload, and an admin's request to (re)process a message. Voice messages are stored and handed to the
 * pipeline; the work happens afterwards.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  ACCEPTED_FORMATS_TEXT,
  DEFAULT_MAX_DURATION_SECONDS,
  detectAudioFormat,
  isAudioMime,
  MAX_AUDIO_BYTES,
} from '../core/audio-format';
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../core/errors';
import { classifyInboundText } from '../core/keywords';
import { newMessage } from '../core/new-message';
import { normalizePhone } from '../core/phone';
import { NotAudioError } from '../core/pipeline-errors';
import { HELP_TEXT, OPT_IN_CONFIRMATION, UNSUPPORTED_MEDIA_TEXT, USAGE_TEXT } from '../core/reply';
import { DEFAULT_TEST_SENDER, type Message, type ProcessAudioInput } from '../core/schemas';
import { canStartProcessing } from '../core/status';
import type { AudioStore } from '../ports/audio-store';
import type { AudioTools } from '../ports/audio-tools';
import type { OptOutRepository } from '../ports/opt-out-repository';
import type { PipelineStarter } from '../ports/pipeline-starter';
import { changeMessage, createMessage, type MessageChangeDeps } from './message-changes';
import { audioKey, type Providers } from './pipeline';

/** What an admin's restart uses: the message and the pipeline (no audio: the steps fetch it). */
export type ProcessAudioDeps = MessageChangeDeps & { readonly pipeline: PipelineStarter };

/** What the webhook and the test upload use. */
export type InboundDeps = MessageChangeDeps & {
  readonly audio: AudioStore;
  readonly audioTools: AudioTools;
  readonly optOuts: OptOutRepository;
  readonly pipeline: PipelineStarter;
  readonly providers: Pick<Providers, 'smsSender'>;
  readonly serviceName: string;
  readonly contactEmail: string;
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/** Twilio's incoming-message webhook form (the fields we use; Twilio sends more). */
export const twilioWebhookSchema = z.looseObject({
  MessageSid: z
    .string({ error: 'MessageSid is missing.' })
    .regex(/^[A-Za-z0-9]{10,64}$/, { error: 'MessageSid is not a Twilio message id.' }),
  From: z.string({ error: 'From is missing.' }).min(1).max(64),
  To: z.string().max(64).optional(),
  Body: z.string().max(5000).optional(),
  NumMedia: z.coerce.number().int().min(0).max(10).default(0),
});

export type InboundResult = {
  /** Messages created (or found again, for a retried webhook) for the audio attachments. */
  readonly messageIds: readonly string[];
  /** How many of them are new (a retried webhook creates none). */
  readonly created: number;
  /** What the service did with a text-only message. */
  readonly action: 'voice' | 'opt-out' | 'opt-in' | 'help' | 'usage' | 'unsupported-media';
};

async function replyTo(deps: InboundDeps, to: string, body: string, messageId: string | null): Promise<void> {
  if (await deps.optOuts.get(to)) return; // never anything to an opted-out number
  const provider = await deps.providers.smsSender();
  if (!provider) {
    deps.warn('No SMS provider is configured: the reply was not sent', { to: mask(to) });
    return;
  }
  try {
    await provider.sender.send({ to, from: provider.from, body, messageId });
  } catch (error) {
    deps.warn('The reply could not be sent', { to: mask(to), error: (error as Error).message });
  }
}

/** A phone number for logs: enough to recognise, not enough to identify. */
function mask(phone: string): string {
  return phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : '****';
}

/** Starts the first run of a message; a failure to start leaves it pending for "Process Now". */
async function startFirstRun(deps: InboundDeps, message: Message): Promise<boolean> {
  try {
    return (await deps.pipeline.start({ messageId: message.id, attempt: message.attempt ?? 1 })).started;
  } catch (error) {
    deps.warn('Processing could not be started; the message waits for Process Now', {
      messageId: message.id,
      error: (error as Error).message,
    });
    return false;
  }
}

/**
 * An incoming SMS/MMS (already signature-checked). Each audio attachment becomes one message and one run;
 * a retried webhook (same MessageSid) finds its messages and starts nothing new. Texts are keywords
 * (STOP and its synonyms, START, HELP) or get a short how-to.
 */
export async function receiveSms(
  deps: InboundDeps,
  form: z.output<typeof twilioWebhookSchema>,
): Promise<InboundResult> {
  const from = form.From;
  const media: { url: string; contentType: string | null }[] = [];
  for (let i = 0; i < form.NumMedia; i++) {
    const url = form[`MediaUrl${i}`];
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) continue;
    const contentType = form[`MediaContentType${i}`];
    media.push({ url, contentType: typeof contentType === 'string' ? contentType : null });
  }
  const audio = media.filter((m) => isAudioMime(m.contentType));
  if (audio.length > 0) {
    const ids: string[] = [];
    let createdCount = 0;
    for (const [index, item] of audio.entries()) {
      const id = `${form.MessageSid}-${index}`;
      const message = newMessage({
        id,
        created_at: deps.clock(),
        sender: from,
        phone_number: from,
        audio_url: null,
        source: 'sms',
        media_url: item.url,
        audio_content_type: item.contentType,
        attempt: 1,
      });
      const created = await createMessage(deps, message);
      if (created) createdCount += 1;
      const stored = created ? message : await deps.messages.get(id);
      // A retry of a webhook whose first run never started (a crash in between) starts it now; a run that
      // did start is not started again (the same run name).
      if (stored && stored.status === 'pending' && (stored.attempt ?? 1) === 1)
        await startFirstRun(deps, stored);
      ids.push(id);
    }
    return { messageIds: ids, created: createdCount, action: 'voice' };
  }
  if (media.length > 0) {
    await replyTo(deps, from, UNSUPPORTED_MEDIA_TEXT, null);
    return { messageIds: [], created: 0, action: 'unsupported-media' };
  }
  switch (classifyInboundText(form.Body)) {
    case 'opt-out':
      // Nothing is sent back: the carrier's and Twilio's opt-out confirmation is the last message.
      await deps.optOuts.optOut(from, deps.clock());
      return { messageIds: [], created: 0, action: 'opt-out' };
    case 'opt-in':
      await deps.optOuts.optIn(from);
      await replyTo(deps, from, OPT_IN_CONFIRMATION, null);
      return { messageIds: [], created: 0, action: 'opt-in' };
    case 'help':
      await replyTo(deps, from, HELP_TEXT(deps.serviceName, deps.contactEmail), null);
      return { messageIds: [], created: 0, action: 'help' };
    default:
      await replyTo(deps, from, USAGE_TEXT(deps.serviceName), null);
      return { messageIds: [], created: 0, action: 'usage' };
  }
}

export type UploadedAudio = {
  readonly bytes: Buffer;
  readonly fileName: string | null;
  readonly sender: string | null;
};

/**
 * An admin's test upload: checked from its bytes (not its name), stored, made a message and started. A sender
 * that is a phone number gets the reply by SMS; any other sender (the default "test-user") gets none.
 */
export async function receiveUpload(deps: InboundDeps, upload: UploadedAudio) {
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
  let probe: Awaited<ReturnType<InboundDeps['audioTools']['probe']>>;
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
  if (probe.durationSeconds !== null && probe.durationSeconds > DEFAULT_MAX_DURATION_SECONDS) {
    throw new UnprocessableError(
      `The recording is ${Math.round(probe.durationSeconds / 60)} minutes long; the longest transcribed is ${DEFAULT_MAX_DURATION_SECONDS / 60} minutes. Upload a shorter one.`,
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
    source: 'upload',
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
  const started = await startFirstRun(deps, message);
  return { messageId: id, status: message.status, started };
}

/**
 * A test upload the browser sent straight to the upload area (`POST /api/uploads`): checked and stored as
 * `receiveUpload` does, then removed from the upload area whatever the outcome, so a file that is not audio
 * leaves nothing behind (and one that is stays only as the message's audio).
 */
export async function receiveUploadedFile(
  deps: InboundDeps,
  input: { readonly uploadKey: string; readonly sender?: string | null | undefined },
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
    return await receiveUpload(deps, { bytes, fileName: null, sender: input.sender ?? null });
  } finally {
    await deps.audio.delete(input.uploadKey).catch((error: unknown) => {
      deps.warn('An upload could not be removed from the upload area', {
        uploadKey: input.uploadKey,
        error: (error as Error).message,
      });
    });
  }
}

/**
 * A restart that finds the message put into processing by another restart this recently returns that run:
 * it is the same click twice (or two operators at once). A run stuck longer than this can be restarted.
 */
export const RESTART_DEDUP_MS = 15_000;

/**
 * (Re)starts processing of a pending, stuck processing, or failed message as a new run. The message moves to
 * processing at once, with the new attempt number; two requests for the same message moments apart start
 * one run.
 */
export async function processAudio(deps: ProcessAudioDeps, input: ProcessAudioInput) {
  const message = await deps.messages.get(input.messageId);
  if (!message) throw new NotFoundError(`There is no message ${input.messageId}.`);
  if (!canStartProcessing(message.status)) {
    throw new ConflictError('This message has already been processed: there is nothing to retry.');
  }
  if (!message.audio_url && !message.media_url) {
    throw new ConflictError('This message has no audio to process.');
  }
  const now = deps.clock();
  if (justRestarted(message, now)) {
    return { messageId: message.id, attempt: message.attempt ?? 1, started: false };
  }
  const current = message.attempt ?? 1;
  const next = current + 1;
  const moved = await changeMessage(deps, message.id, {
    to: 'processing',
    patch: { attempt: next, attempt_started_at: now, error_message: null },
    attempt: current,
  });
  if (!moved) {
    // Another restart won the conditional write a moment ago: its run is the one.
    const latest = await deps.messages.get(message.id);
    if (latest && justRestarted(latest, now)) {
      return { messageId: message.id, attempt: latest.attempt ?? next, started: false };
    }
    throw new ConflictError('The message changed while it was being restarted: refresh and try again.');
  }
  let started: boolean;
  try {
    ({ started } = await deps.pipeline.start({ messageId: message.id, attempt: next }));
  } catch (error) {
    // Nothing will run: the message must not sit in processing. Failed is retryable at once.
    await changeMessage(deps, message.id, {
      to: 'failed',
      patch: { error_message: PIPELINE_NOT_STARTED },
      attempt: next,
    });
    throw error;
  }
  return { messageId: message.id, attempt: next, started };
}

/** What a message says when its restart could not be handed to the pipeline. */
export const PIPELINE_NOT_STARTED =
  'Processing could not be started (the pipeline did not answer). Retry Processing in a minute.';

function justRestarted(message: Message, now: string): boolean {
  return (
    message.status === 'processing' &&
    message.attempt_started_at !== undefined &&
    Date.parse(now) - Date.parse(message.attempt_started_at) < RESTART_DEDUP_MS
  );
}
