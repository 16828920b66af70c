/**
 * The voice pipeline's steps (lambdas/pipeline-steps.ts), written against ports. Each step is safe to run
 * again (Step Functions retries it, an operator restarts it): it writes its results to the message as soon
 * as it has them, and only the run that owns the message (its `attempt`) can write at all.
 */
import * as z from 'zod';
import { detectAudioFormat, MAX_AUDIO_BYTES } from '../core/audio-format';
import { isTooLong } from '../core/audio-length';
import { NotFoundError } from '../core/errors';
import {
  AudioTooLargeError,
  AudioTooLongError,
  MediaDownloadError,
  NotAudioError,
  PermanentError,
  SupersededError,
  TransientError,
} from '../core/pipeline-errors';
import { cleanErrorMessage, parseCaughtError, pipelineFailure } from '../core/pipeline-failures';
import { composeFailureNotice, composeReply } from '../core/reply';
import type { Message } from '../core/schemas';
import { segmentCount } from '../core/sms-text';
import type { AudioStore } from '../ports/audio-store';
import type { AudioTools } from '../ports/audio-tools';
import type { Counters } from '../ports/counters';
import type { MediaFetcher } from '../ports/media-fetcher';
import type { Providers } from '../ports/providers';
import type { SettingsRepository } from '../ports/settings-repository';
import { changeMessage, type MessageChangeDeps } from './message-changes';
import {
  type OutboundCheckDeps,
  outboundRefusal,
  type Refusal,
  refusalReason,
  sendText,
} from './outbound-sms';
import { currentSettings } from './settings';

/** What PrepareAudio uses: the bucket, ffmpeg/ffprobe, Twilio's media API, and whether OpenAI transcribes. */
export type PrepareAudioDeps = MessageChangeDeps & {
  readonly audio: AudioStore;
  readonly audioTools: AudioTools;
  /** The settings hold the longest message transcribed. */
  readonly settings: SettingsRepository;
  readonly providers: Pick<Providers, 'mediaFetcher' | 'transcribesWithOpenAi'>;
};

/** What Transcribe uses: the bucket (read) and the transcriber. */
export type TranscribeDeps = MessageChangeDeps & {
  readonly audio: AudioStore;
  readonly providers: Pick<Providers, 'transcriber'>;
};

/** What Summarize uses: the summarizer. */
export type SummarizeDeps = MessageChangeDeps & { readonly providers: Pick<Providers, 'summarizer'> };

/**
 * What DecideReply uses: the message (read only: it changes nothing, so it publishes nothing), the settings
 * (auto-reply) and what the outbound gate checks (opt-outs, reply countries, an SMS provider).
 */
export type ReplyDecisionDeps = Pick<MessageChangeDeps, 'messages'> & OutboundCheckDeps;

/**
 * What SendReply uses: DecideReply's, the message changes it publishes, the service name the texts carry, and
 * the counters behind the gate's hourly cap.
 */
export type SendReplyDeps = ReplyDecisionDeps &
  MessageChangeDeps & { readonly serviceName: string; readonly counters: Counters };

/** What MarkFailed uses: SendReply's (for the notice), and where to report a notice that failed. */
export type MarkFailedDeps = SendReplyDeps & {
  /** Told about things that went wrong but did not stop the run. */
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/** Everything any step uses (each step's handler builds only its own part). */
export type PipelineDeps = PrepareAudioDeps & TranscribeDeps & SummarizeDeps & MarkFailedDeps;

// -----------------------------------------------------------------------------------------------------------
// The state passed between steps (validated where each step receives it)

const preparedAudioSchema = z.object({
  key: z.string(),
  contentType: z.string(),
  fileName: z.string(),
  durationSeconds: z.number().nullable(),
  sampleRateHz: z.number().nullable(),
});
export type PreparedAudio = z.infer<typeof preparedAudioSchema>;

export const pipelineStateSchema = z.looseObject({
  messageId: z.string().min(1),
  attempt: z.number().int().positive(),
  audio: preparedAudioSchema.optional(),
  decision: z.object({ send: z.boolean(), reason: z.string() }).optional(),
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});
export type PipelineState = z.infer<typeof pipelineStateSchema>;

// -----------------------------------------------------------------------------------------------------------

async function loadOwned(deps: Pick<MessageChangeDeps, 'messages'>, state: PipelineState): Promise<Message> {
  const message = await deps.messages.get(state.messageId);
  if (!message) throw new PermanentError(`Message ${state.messageId} does not exist.`);
  if ((message.attempt ?? 1) !== state.attempt) {
    throw new SupersededError(
      `A newer processing run (attempt ${message.attempt}) has taken over this message.`,
    );
  }
  return message;
}

/** Writes `patch` while the message is processing and still owned by this run. */
async function record(
  deps: MessageChangeDeps,
  state: PipelineState,
  patch: Parameters<typeof changeMessage>[2]['patch'],
) {
  const updated = await changeMessage(deps, state.messageId, {
    whileIn: ['processing'],
    patch,
    attempt: state.attempt,
  });
  if (!updated) throw new SupersededError('The message is no longer being processed by this run.');
  return updated;
}

/** What the card says when a reply stopped at the hourly limit. */
export const REPLY_LIMIT_WARNING = (perHour: number) =>
  `The rest of the reply was not sent: this number reached its limit of ${perHour} texts an hour (Settings).`;

/** MarkProcessing: the message becomes "processing" for this run. */
export async function markProcessing(deps: MessageChangeDeps, state: PipelineState): Promise<void> {
  const updated = await changeMessage(deps, state.messageId, {
    to: 'processing',
    patch: { error_message: null, error_retryable: null },
    attempt: state.attempt,
  });
  if (updated) return;
  const message = await loadOwned(deps, state); // throws when missing or taken over by a newer run
  throw new SupersededError(`The message is ${message.status}: there is nothing to process.`);
}

/** OpenAI refuses some formats (AMR, 3GP, CAF, raw AAC): they are converted to this first. */
const OPENAI_CONVERSION = { target: 'mp3', extension: 'mp3', mime: 'audio/mpeg' } as const;

/** The key the original audio of a message is stored under. */
export function audioKey(messageId: string, extension: string): string {
  return `audio/${messageId}.${extension}`;
}

/** The stored audio, or null when it is not (or no longer) in the bucket. */
async function storedAudio(
  deps: Pick<PrepareAudioDeps, 'audio'>,
  key: string | null,
): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return (await deps.audio.get(key)).body;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Fetches the media from the SMS provider, checks it is audio and stores it; returns its bytes. */
async function copyFromProvider(
  deps: PrepareAudioDeps,
  state: PipelineState,
  mediaUrl: string,
): Promise<Buffer> {
  const fetcher = await deps.providers.mediaFetcher();
  let fetched: Awaited<ReturnType<MediaFetcher['fetch']>>;
  try {
    fetched = await fetcher.fetch(mediaUrl, { maxBytes: MAX_AUDIO_BYTES });
  } catch (error) {
    if (error instanceof TransientError || error instanceof AudioTooLargeError) throw error;
    throw new MediaDownloadError(`The voice message could not be downloaded: ${(error as Error).message}`);
  }
  const format = detectAudioFormat(fetched.bytes);
  if (!format) {
    throw new NotAudioError(
      `The attachment (${fetched.contentType ?? 'unknown type'}) is not audio in a format we can read.`,
    );
  }
  const key = audioKey(state.messageId, format.extension);
  await deps.audio.put(key, fetched.bytes, format.mime, fetched.bytes.byteLength);
  await record(deps, state, { audio_url: key, audio_content_type: format.mime });
  return fetched.bytes;
}

/**
 * PrepareAudio: makes sure the audio is safely stored (fetching it from the SMS provider the first time),
 * deletes the provider's copy once ours is safe, checks it is audio we can read, and converts it when the
 * transcriber needs another format. Returns where the audio to transcribe is.
 */
export async function prepareAudio(deps: PrepareAudioDeps, state: PipelineState): Promise<PreparedAudio> {
  const message = await loadOwned(deps, state);
  let bytes = await storedAudio(deps, message.audio_url);
  if (!bytes) {
    if (!message.media_url)
      throw new PermanentError('The audio of this message is missing: it was never stored.');
    bytes = await copyFromProvider(deps, state, message.media_url);
  }
  if (message.media_url) {
    // Also when an earlier try stored the audio but could not delete: the step is retried until it can.
    await (await deps.providers.mediaFetcher()).delete(message.media_url);
    await record(deps, state, { media_url: null });
  }

  const format = detectAudioFormat(bytes);
  if (!format) throw new NotAudioError('The stored file is not audio in a format we can read.');
  const probe = await deps.audioTools.probe(bytes);
  const { audio_url: key } = await record(deps, state, {
    audio_duration_seconds: probe.durationSeconds,
    audio_content_type: message.audio_content_type ?? format.mime,
  });
  const longestMinutes = (await currentSettings(deps)).max_duration_minutes;
  if (isTooLong(probe.durationSeconds, longestMinutes)) {
    throw new AudioTooLongError(probe.durationSeconds, longestMinutes * 60);
  }
  const base = { durationSeconds: probe.durationSeconds, sampleRateHz: probe.sampleRateHz };
  if ((await deps.providers.transcribesWithOpenAi()) && !format.openaiAccepts) {
    const { target, extension, mime } = OPENAI_CONVERSION;
    const convertedKey = `audio/${message.id}.converted.${extension}`;
    if (!(await deps.audio.exists(convertedKey))) {
      const converted = await deps.audioTools.convert(bytes, target);
      await deps.audio.put(convertedKey, converted, mime, converted.byteLength);
    }
    return { key: convertedKey, contentType: mime, fileName: `voice-message.${extension}`, ...base };
  }
  return { key: key!, contentType: format.mime, fileName: `voice-message.${format.extension}`, ...base };
}

/** Transcribe: the transcript, engine, language and warnings go on the message. */
export async function transcribe(deps: TranscribeDeps, state: PipelineState) {
  if (!state.audio) throw new PermanentError('Transcribe ran before the audio was prepared.');
  const message = await loadOwned(deps, state);
  const { body } = await deps.audio.get(state.audio.key);
  const transcriber = await deps.providers.transcriber();
  const result = await transcriber.transcribe({
    bytes: body,
    contentType: state.audio.contentType,
    fileName: state.audio.fileName,
    known: { durationSeconds: state.audio.durationSeconds, sampleRateHz: state.audio.sampleRateHz },
  });
  const warnings = [...new Set([...(message.warnings ?? []), ...result.warnings])];
  await record(deps, state, {
    transcript: result.text,
    transcription_engine: result.engine,
    language: result.language,
    audio_duration_seconds: result.durationSeconds ?? state.audio.durationSeconds,
    warnings,
  });
  return {
    engine: result.engine,
    language: result.language,
    characters: result.text.length,
    durationSeconds: result.durationSeconds ?? state.audio.durationSeconds,
  };
}

/** Summarize: the summary (and its details: key points, callback number and time) go on the message. */
export async function summarize(deps: SummarizeDeps, state: PipelineState) {
  const message = await loadOwned(deps, state);
  if (message.transcript === null) throw new PermanentError('Summarize ran before there was a transcript.');
  const summarizer = await deps.providers.summarizer();
  const { engine, ...details } = await summarizer.summarize(message.transcript);
  await record(deps, state, { summary: details.summary, summary_details: details, summary_engine: engine });
  return { engine };
}

/** Whether (and why not) this message may be answered by SMS right now: auto-reply, then the gate's checks. */
async function replyDecision(
  deps: ReplyDecisionDeps,
  message: Message,
): Promise<{ send: boolean; reason: string }> {
  const settings = await currentSettings(deps);
  if (!settings.auto_reply_enabled) return { send: false, reason: 'Auto-reply is turned off in Settings.' };
  if (!message.phone_number) return { send: false, reason: 'The message has no phone number to reply to.' };
  const refusal = await outboundRefusal(deps, { to: message.phone_number, kind: 'reply' });
  if (refusal) return { send: false, reason: refusalReason(refusal) };
  return { send: true, reason: 'Auto-reply is on and the sender can receive texts.' };
}

/** DecideReply: auto-reply on, a number to reply to, not opted out, an SMS provider configured. */
export async function decideReply(deps: ReplyDecisionDeps, state: PipelineState) {
  return replyDecision(deps, await loadOwned(deps, state));
}

/**
 * SendReply: the summary first, then (in full mode) the transcript in numbered parts, in order. Parts already
 * accepted are not sent again when the step is retried. Each part passes the outbound gate on its own, so a
 * STOP (or Twilio's 21610) or the hourly cap reached mid-reply stops the rest.
 */
export async function sendReply(deps: SendReplyDeps, state: PipelineState) {
  let message = await loadOwned(deps, state);
  const settings = await currentSettings(deps);
  const parts = composeReply({
    mode: settings.reply_mode,
    summary: message.summary_details ?? {
      summary: message.summary ?? '',
      key_points: [],
      callback_number: null,
      callback_time: null,
      requested_action: null,
    },
    transcript: message.transcript ?? '',
    serviceName: deps.serviceName,
    warnings: message.warnings ?? [],
  });
  const to = message.phone_number;
  if (!to) return { parts: parts.length, sent: 0, complete: false, segments: 0, reason: 'No number.' };
  // Segments sent by this run (what the carrier bills), for the operator's metrics.
  let segments = 0;
  for (let index = message.reply_parts_sent ?? 0; index < parts.length; index++) {
    const outcome = await sendText(deps, { to, body: parts[index]!, kind: 'reply', messageId: message.id });
    if (outcome.status !== 'sent') {
      if (outcome.status === 'limit-reached') {
        await record(deps, state, {
          warnings: [...(message.warnings ?? []), REPLY_LIMIT_WARNING(outcome.perHour)],
        });
      }
      return { parts: parts.length, sent: index, complete: false, segments, reason: stopReason(outcome) };
    }
    segments += segmentCount(parts[index]!);
    message = await record(deps, state, { reply_parts_sent: index + 1 });
  }
  await record(deps, state, { reply_sent: true });
  return { parts: parts.length, sent: parts.length, complete: true, segments };
}

/** Why SendReply stopped before the last part, for the step's output. */
function stopReason(refusal: Refusal): string {
  if (refusal.status === 'limit-reached') return 'Hourly text limit reached.';
  if (refusal.status === 'opted-out' && !refusal.atCarrier) return 'The sender opted out.';
  return refusalReason(refusal);
}

/** MarkCompleted: the run is done. */
export async function markCompleted(deps: MessageChangeDeps, state: PipelineState): Promise<void> {
  const updated = await changeMessage(deps, state.messageId, {
    to: 'completed',
    patch: { error_message: null, error_retryable: null },
    attempt: state.attempt,
  });
  if (!updated) throw new SupersededError('The message is no longer being processed by this run.');
}

// -----------------------------------------------------------------------------------------------------------
// MarkFailed

/**
 * MarkFailed: the message becomes "failed" with a readable error_message, and a sender who texted it gets a
 * short notice (when auto-reply is on, they have not opted out and an SMS provider is configured). A run that
 * was superseded leaves the message alone.
 */
export async function markFailed(deps: MarkFailedDeps, state: PipelineState) {
  const caught = parseCaughtError(state.error);
  const failure = pipelineFailure(caught.name);
  if (!failure) return { marked: false, reason: caught.message };
  const { cause } = failure;
  const failed = await changeMessage(deps, state.messageId, {
    to: 'failed',
    patch: {
      error_message: failure.card(cleanErrorMessage(caught.message), state.messageId),
      error_retryable: failure.retryable,
    },
    attempt: state.attempt,
  });
  if (!failed) return { marked: false, reason: 'The message is no longer owned by this run.' };
  if (failed.source !== 'sms' || !failure.notice) return { marked: true, cause, notified: false };
  // Like the reply, the notice goes only while auto-reply is on; the gate decides the rest.
  const { auto_reply_enabled } = await currentSettings(deps);
  if (!auto_reply_enabled || !failed.phone_number) return { marked: true, cause, notified: false };
  try {
    const outcome = await sendText(deps, {
      to: failed.phone_number,
      body: composeFailureNotice(failure.notice, deps.serviceName),
      kind: 'failure-notice',
      messageId: failed.id,
    });
    return { marked: true, cause, notified: outcome.status === 'sent' };
  } catch (error) {
    // The failure is recorded; a notice that cannot be sent must not turn it into another failure.
    deps.warn('Could not send the failure notice', { messageId: failed.id, error: (error as Error).message });
    return { marked: true, cause, notified: false };
  }
}
