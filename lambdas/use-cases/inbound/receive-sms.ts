/**
 * What arrives at the service: texts and voice messages from the SMS provider's webhook, an admin's test
 * upload, and an admin's request to (re)process a message. Voice messages are stored and handed to the
 * pipeline; the work happens afterwards.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { ACCEPTED_FORMATS_TEXT, detectAudioFormat, isAudioMime, MAX_AUDIO_BYTES } from '../core/audio-format';
import { isTooLong, tooLongText } from '../core/audio-length';
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
import {
  DELETED_TEXT,
  HELP_TEXT,
  OPT_IN_CONFIRMATION,
  OPT_OUT_CONFIRMATION,
  UNSUPPORTED_MEDIA_TEXT,
  USAGE_TEXT,
  VOICE_LIMIT_TEXT,
  voiceMessages,
} from '../core/reply';
import { DEFAULT_TEST_SENDER, type Message, type ProcessAudioInput } from '../core/schemas';
import { canStartProcessing } from '../core/status';
import type { AudioStore } from '../ports/audio-store';
import type { AudioTools } from '../ports/audio-tools';
import type { Counters } from '../ports/counters';
import type { OptOutRepository } from '../ports/opt-out-repository';
import type { PhoneRegions } from '../ports/phone-regions';
import type { PipelineStarter } from '../ports/pipeline-starter';
import type { Providers } from '../ports/providers';
import type { SettingsRepository } from '../ports/settings-repository';
import { changeMessage, createMessage, type MessageChangeDeps, removeMessage } from './message-changes';
import { sendTextOrLog, type TextKind } from './outbound-sms';
import { audioKey } from './pipeline';
import { currentSettings } from './settings';

/** What an admin's restart uses: the message and the pipeline (no audio: the steps fetch it). */
export type ProcessAudioDeps = MessageChangeDeps & { readonly pipeline: PipelineStarter };

/** What the webhook uses. */
export type InboundDeps = MessageChangeDeps & {
  /** DELETE erases the sender's stored audio. */
  readonly audio: AudioStore;
  /** The limits (voice messages a day, texts an hour, one how-to a day) and the replay guard. */
  readonly counters: Counters;
  /** The limits an operator set (Settings), and the countries replies may go to. */
  readonly settings: SettingsRepository;
  readonly optOuts: OptOutRepository;
  /** Which country a number is in (texts go only to the countries Settings allows). */
  readonly phoneRegions: PhoneRegions;
  readonly pipeline: PipelineStarter;
  /** Texts, and Twilio's media API: DELETE erases media Twilio still holds for us. */
  readonly providers: Pick<Providers, 'smsSender' | 'mediaFetcher'>;
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
  /**
   * What the service did: `voice` (audio handed to the pipeline, or kept untranscribed past the daily limit),
   * a keyword's action, `usage` or `unsupported-media` (a how-to, at most one a day), or `replay` (a text
   * webhook seen before: nothing done).
   */
  readonly action:
    | 'voice'
    | 'opt-out'
    | 'opt-in'
    | 'help'
    | 'delete'
    | 'usage'
    | 'unsupported-media'
    | 'replay';
  /** Voice messages kept untranscribed because the sender is past today's limit. */
  readonly overLimit?: number;
};

/** How long a text webhook's MessageSid is remembered: far beyond Twilio's retries, short enough to expire. */
export const REPLAY_WINDOW_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (`2026-11-23`) a limit counts in, and when its counters may expire (the day after it ends). */
function dayWindow(now: string): { readonly day: string; readonly expires: string } {
  const day = now.slice(0, 10);
  return { day, expires: new Date(Date.parse(`${day}T00:00:00.000Z`) + 2 * DAY_MS).toISOString() };
}

/** Texts the sender (a keyword's answer, a how-to, a limit notice) through the gate; never throws. */
async function replyTo(deps: InboundDeps, to: string, body: string, kind: TextKind) {
  await sendTextOrLog(deps, { to, body, kind, messageId: null });
}

/** Starts the first run of a message; a failure to start leaves it pending for "Process Now". */
async function startFirstRun(
  deps: Pick<InboundDeps, 'pipeline' | 'warn'>,
  message: Message,
): Promise<boolean> {
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

/** What a card says when its voice message came past the sender's daily limit. */
export const VOICE_LIMIT_ERROR = (perDay: number) =>
  `Not transcribed: this number had already sent ${voiceMessages(perDay)} today, the daily limit (Settings). Retry Processing to transcribe it anyway.`;

/**
 * An incoming SMS/MMS (already signature-checked).
 *
 * - An opt-out (a keyword, or the sender's own words such as "please stop texting me") is honoured whatever
 *   comes with it: recorded, nothing attached is processed, and only the own-words kind is confirmed (once:
 *   Twilio confirms its keywords itself).
 * - DELETE erases the sender's voice messages and audio now and says so.
 * - Each audio attachment becomes one message: within the sender's voice messages a day it is handed to the
 *   pipeline; past it, it is kept on the dashboard as failed (an operator can retry it) and the sender gets
 *   one notice a day (while auto-reply is on). A retried webhook (same MessageSid) finds its messages and starts nothing new.
 * - START and HELP are answered; any other text, or an attachment that is not audio, gets a how-to, once a
 *   day per sender.
 * - A text's MessageSid is remembered, so a replayed webhook (a captured START, say) does nothing.
 */
export async function receiveSms(
  deps: InboundDeps,
  form: z.output<typeof twilioWebhookSchema>,
): Promise<InboundResult> {
  const from = form.From;
  const kind = classifyInboundText(form.Body);
  if (kind === 'opt-out' || kind === 'revocation') {
    const alreadyOut = (await deps.optOuts.get(from)) !== null;
    await deps.optOuts.optOut(from, deps.clock());
    if (kind === 'revocation' && !alreadyOut) {
      await replyTo(deps, from, OPT_OUT_CONFIRMATION, 'opt-out-confirmation');
    }
    return { messageIds: [], created: 0, action: 'opt-out' };
  }

  const media: { url: string; contentType: string | null }[] = [];
  for (let i = 0; i < form.NumMedia; i++) {
    const url = form[`MediaUrl${i}`];
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) continue;
    const contentType = form[`MediaContentType${i}`];
    media.push({ url, contentType: typeof contentType === 'string' ? contentType : null });
  }
  const audio = media.filter((m) => isAudioMime(m.contentType));

  // Voice messages are idempotent by their ids (MessageSid and index); everything else by the MessageSid.
  const voice = audio.length > 0 && kind !== 'delete' ? await receiveVoice(deps, form, audio) : null;
  if (voice && (kind === 'other' || kind === 'empty')) return { ...voice, action: 'voice' };
  const textAction = await onceForSid(deps, form.MessageSid, () =>
    answerText(deps, from, kind, media, audio),
  );
  if (voice) return { ...voice, action: 'voice' };
  return { messageIds: [], created: 0, action: textAction ?? 'replay' };
}

/**
 * Runs `act` unless this MessageSid was handled before (then null). The sid is taken first, so a replay
 * arriving meanwhile does nothing, and given back when `act` fails, so Twilio's retry is not taken for one.
 */
async function onceForSid<T>(deps: InboundDeps, sid: string, act: () => Promise<T>): Promise<T | null> {
  const key = `sid#${sid}`;
  const expires = new Date(Date.parse(deps.clock()) + REPLAY_WINDOW_DAYS * DAY_MS).toISOString();
  if (!(await deps.counters.take(key, 1, expires))) return null;
  try {
    return await act();
  } catch (error) {
    await deps.counters.giveBack(key).catch(() => {});
    throw error;
  }
}

/** The text part of an inbound message: a keyword's answer, or a how-to (at most one a day). */
async function answerText(
  deps: InboundDeps,
  from: string,
  kind: ReturnType<typeof classifyInboundText>,
  media: readonly unknown[],
  audio: readonly unknown[],
): Promise<InboundResult['action']> {
  switch (kind) {
    case 'delete':
      await eraseSender(deps, from);
      return 'delete';
    case 'opt-in':
      await deps.optOuts.optIn(from);
      await replyTo(deps, from, OPT_IN_CONFIRMATION, 'opt-in-confirmation');
      return 'opt-in';
    case 'help':
      await replyTo(deps, from, HELP_TEXT(deps.serviceName, deps.contactEmail), 'help');
      return 'help';
    default: {
      if (audio.length > 0) return 'voice';
      const action = media.length > 0 ? 'unsupported-media' : 'usage';
      const { day, expires } = dayWindow(deps.clock());
      if (await deps.counters.take(`howto#${from}#${day}`, 1, expires)) {
        const howTo = action === 'usage' ? USAGE_TEXT(deps.serviceName) : UNSUPPORTED_MEDIA_TEXT;
        await replyTo(deps, from, howTo, 'how-to');
      }
      return action;
    }
  }
}

/** Each audio attachment as a message, within the sender's voice messages a day. */
async function receiveVoice(
  deps: InboundDeps,
  form: z.output<typeof twilioWebhookSchema>,
  audio: readonly { url: string; contentType: string | null }[],
): Promise<Omit<InboundResult, 'action'>> {
  const from = form.From;
  const settings = await currentSettings(deps);
  const perDay = settings.voice_messages_per_sender_per_day;
  const { day, expires } = dayWindow(deps.clock());
  const dayKey = `voice#${from}#${day}`;
  const ids: string[] = [];
  let createdCount = 0;
  let overLimit = 0;
  for (const [index, item] of audio.entries()) {
    const id = `${form.MessageSid}-${index}`;
    const allowed = await deps.counters.take(dayKey, perDay, expires);
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
      ...(allowed ? {} : { status: 'failed' as const, error_message: VOICE_LIMIT_ERROR(perDay) }),
    });
    let created: boolean;
    try {
      created = await createMessage(deps, message);
    } catch (error) {
      if (allowed) await deps.counters.giveBack(dayKey).catch(() => {});
      throw error;
    }
    // A retried webhook finds its message: it was counted the first time.
    if (!created && allowed) await deps.counters.giveBack(dayKey);
    ids.push(id);
    if (created) {
      createdCount += 1;
      if (allowed) await startFirstRun(deps, message);
      else overLimit += 1;
      continue;
    }
    // A retry of a webhook whose first run never started (a crash in between) starts it now; a run that
    // did start is not started again (the same run name).
    const stored = await deps.messages.get(id);
    if (stored && stored.status === 'pending' && (stored.attempt ?? 1) === 1)
      await startFirstRun(deps, stored);
  }
  // Like a failure notice, the limit notice is a reply about a voice message: only while auto-reply is on.
  const notify = overLimit > 0 && settings.auto_reply_enabled;
  if (notify && (await deps.counters.take(`limit-notice#${from}#${day}`, 1, expires))) {
    await replyTo(deps, from, VOICE_LIMIT_TEXT(deps.serviceName, perDay), 'voice-limit-notice');
  }
  return { messageIds: ids, created: createdCount, ...(overLimit > 0 ? { overLimit } : {}) };
}

/**
 * DELETE: erases every message of this number (its audio first, so nothing is left without its message) and
 * says how many. A message whose media was never fetched (past the daily limit, or a run that never got that
 * far) still has it at Twilio, under our account: that copy is deleted too. The opt-out record stays: it is
 * what keeps a STOP honoured.
 */
async function eraseSender(deps: InboundDeps, from: string): Promise<number> {
  const messages = await deps.messages.listBySender(from);
  for (const message of messages) {
    if (message.media_url) await (await deps.providers.mediaFetcher()).delete(message.media_url);
    if (message.audio_url) await deps.audio.delete(message.audio_url);
    await removeMessage(deps, message);
  }
  await replyTo(deps, from, DELETED_TEXT(deps.serviceName, messages.length), 'deleted');
  return messages.length;
}

/** What an admin's test upload uses: the bytes checked with the audio tools, stored, made a message, started. */
export type UploadDeps = MessageChangeDeps &
  Pick<InboundDeps, 'audio' | 'settings' | 'pipeline' | 'warn'> & { readonly audioTools: AudioTools };

export type UploadedAudio = {
  readonly bytes: Buffer;
  readonly fileName: string | null;
  readonly sender: string | null;
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
  deps: UploadDeps,
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
    patch: { attempt: next, attempt_started_at: now, error_message: null, error_retryable: null },
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
