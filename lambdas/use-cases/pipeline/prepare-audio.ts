/**
 * PrepareAudio, the first step with work in it: the audio safely in our store (fetched from the SMS
 * provider the first time, the provider's copy deleted once ours is safe), checked, and converted when the
 * transcriber needs another format.
 */
import { detectAudioFormat, MAX_AUDIO_BYTES } from '#core/audio/audio-format';
import { audioKey, convertedAudioKey } from '#core/audio/audio-keys';
import { isTooLong } from '#core/audio/audio-length';
import { NotFoundError } from '#core/errors';
import {
  AudioTooLargeError,
  AudioTooLongError,
  MediaDownloadError,
  NotAudioError,
  PermanentError,
  TransientError,
} from '#core/messages/pipeline-errors';
import type { AudioStore } from '../../ports/audio-store';
import type { AudioTools } from '../../ports/audio-tools';
import type { MediaFetcher } from '../../ports/media-fetcher';
import type { Providers } from '../../ports/providers';
import type { SettingsRepository } from '../../ports/settings-repository';
import type { MessageChangeDeps } from '../message-changes';
import { currentSettings } from '../settings';
import { loadOwned, type PipelineState, type PreparedAudio, record } from './state';

/** What PrepareAudio uses: the bucket, ffmpeg/ffprobe, Twilio's media API, and whether OpenAI transcribes. */
export type PrepareAudioDeps = MessageChangeDeps & {
  readonly audio: AudioStore;
  readonly audioTools: AudioTools;
  /** The settings hold the longest message transcribed. */
  readonly settings: SettingsRepository;
  readonly providers: Pick<Providers, 'mediaFetcher' | 'transcribesWithOpenAi'>;
};

/** OpenAI refuses some formats (AMR, 3GP, CAF, raw AAC): they are converted to this first. */
const OPENAI_CONVERSION = { target: 'mp3', extension: 'mp3', mime: 'audio/mpeg' } as const;

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
    const convertedKey = convertedAudioKey(message.id, extension);
    if (!(await deps.audio.exists(convertedKey))) {
      const converted = await deps.audioTools.convert(bytes, target);
      await deps.audio.put(convertedKey, converted, mime, converted.byteLength);
    }
    return { key: convertedKey, contentType: mime, fileName: `voice-message.${extension}`, ...base };
  }
  return { key: key!, contentType: format.mime, fileName: `voice-message.${format.extension}`, ...base };
}
