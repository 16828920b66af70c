/**
 * AudioTools on ffmpeg and ffprobe (Debian's packages locally, the static build in a Lambda layer on AWS).
 *
 * Input bytes always go to a file in a private temporary folder (mode 0700) rather than a pipe: MP4, M4A,
 * 3GP and CAF files often keep their index (the `moov` atom) at the end, which ffmpeg cannot reach by reading
 * a pipe. The folder is removed whatever happens.
 *
 * The bytes are hostile until proven otherwise: the format is told from them first (lambdas/core/audio/audio-format)
 * and anything else never reaches ffmpeg; ffmpeg and ffprobe then get that one demuxer forced (`-f`), may open
 * only the input file (`-protocol_whitelist file`: no playlist or reference can make them fetch a URL or open
 * another file), and ffmpeg stops at a CPU-time limit and at the longest message decoded (`-t`), so a small file
 * that claims hours of audio cannot make it work for hours or write gigabytes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import {
  type AudioFormatId,
  DEFAULT_MAX_DURATION_SECONDS,
  detectAudioFormat,
} from '#core/audio/audio-format';
import { NotAudioError, PermanentError } from '#core/messages/pipeline-errors';
import type { AudioProbe, AudioTools, ConversionTarget } from '../../ports/audio-tools';
import { APT_PACKAGES, type LocalEngineConfig, localEngineConfigFromEnv } from './engine-config';
import { lastLine, runProgram, withPrivateTempDir } from './subprocess';

export const NOT_AUDIO_MESSAGE = 'The file has no audio we can read.';

/** ffprobe reads headers only: a few seconds is plenty even for long files. */
const PROBE_TIMEOUT_MS = 15_000;
/** Conversion when the caller gives no timeout: enough for an hour of audio on one slow core. */
const DEFAULT_CONVERT_TIMEOUT_MS = 120_000;

/** The part of ffprobe's JSON we use; everything else is ignored. */
const probeOutputSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        sample_rate: z.string().optional(),
        channels: z.number().optional(),
        duration: z.string().optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional() }).optional(),
});

/** ffmpeg output options per target: what OpenAI accepts (mp3, flac) and what pocketsphinx reads (16 kHz mono). */
const TARGETS: Record<ConversionTarget, { readonly args: readonly string[]; readonly file: string }> = {
  mp3: { args: ['-c:a', 'libmp3lame', '-q:a', '4'], file: 'out.mp3' },
  flac: { args: ['-c:a', 'flac'], file: 'out.flac' },
  'wav-16k-mono': { args: ['-c:a', 'pcm_s16le', '-ar', '16000', '-ac', '1'], file: 'out.wav' },
};

const COMMON_ARGS = ['-nostdin', '-hide_banner', '-loglevel', 'error'] as const;

/** The one ffmpeg demuxer each recognized format may be read with. */
const DEMUXERS: Readonly<Record<AudioFormatId, string>> = {
  mp3: 'mp3',
  wav: 'wav',
  m4a: 'mov',
  '3gp': 'mov',
  aac: 'aac',
  flac: 'flac',
  ogg: 'ogg',
  amr: 'amr',
  webm: 'matroska',
  caf: 'caf',
};

/** Input options for bytes we recognized: their demuxer forced, and no protocol but the local file. */
function inputArgs(bytes: Buffer, input: string): string[] {
  const format = detectAudioFormat(bytes);
  if (!format) throw new NotAudioError(NOT_AUDIO_MESSAGE);
  return ['-protocol_whitelist', 'file', '-f', DEMUXERS[format.id], '-i', input];
}

export type ConvertOptions = {
  /** Kill ffmpeg after this long. Default 120 s; the transcriber passes 30 s + 2x the audio's duration. */
  readonly timeoutMs?: number;
  /** Decode at most this much audio (a lying header cannot make it more). Default: 10 minutes. */
  readonly maxDurationSeconds?: number;
  /** ffmpeg audio filters to apply while decoding (a filtergraph, e.g. `highpass=f=100`); default none. */
  readonly filters?: string | null;
};

/** Probes and converts audio with ffmpeg/ffprobe; every call has a timeout and cleans up its temporary files. */
export class FfmpegAudioTools implements AudioTools {
  private readonly ffmpegPath: string;
  private readonly ffprobePath: string;

  constructor(config: Partial<Pick<LocalEngineConfig, 'ffmpegPath' | 'ffprobePath'>> = {}) {
    const fromEnv = localEngineConfigFromEnv();
    this.ffmpegPath = config.ffmpegPath ?? fromEnv.ffmpegPath;
    this.ffprobePath = config.ffprobePath ?? fromEnv.ffprobePath;
  }

  async probe(bytes: Buffer): Promise<AudioProbe> {
    return withInputFile(bytes, async (input) => {
      const result = await runProgram(
        this.ffprobePath,
        ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', ...inputArgs(bytes, input)],
        { timeoutMs: PROBE_TIMEOUT_MS, aptPackage: APT_PACKAGES.ffprobe, displayName: 'ffprobe' },
      );
      // A non-zero exit here means ffprobe found no container or codec it knows: not audio.
      if (result.code !== 0) throw new NotAudioError(NOT_AUDIO_MESSAGE);
      const parsed = probeOutputSchema.safeParse(safeJson(result.stdout.toString('utf8')));
      if (!parsed.success) throw new NotAudioError(NOT_AUDIO_MESSAGE);
      const audio = parsed.data.streams.find((s) => s.codec_type === 'audio');
      if (!audio) throw new NotAudioError(NOT_AUDIO_MESSAGE);
      return {
        durationSeconds: positiveNumber(parsed.data.format?.duration) ?? positiveNumber(audio.duration),
        sampleRateHz: positiveNumber(audio.sample_rate),
        channels: audio.channels ?? null,
        codec: audio.codec_name ?? null,
        container: parsed.data.format?.format_name ?? null,
      };
    });
  }

  async convert(bytes: Buffer, to: ConversionTarget, options: ConvertOptions = {}): Promise<Buffer> {
    const target = TARGETS[to];
    return withInputFile(bytes, async (input, dir) => {
      const output = join(dir, target.file);
      await this.ffmpeg(
        [
          ...inputArgs(bytes, input),
          '-map',
          '0:a:0',
          '-vn',
          ...limits(options),
          ...target.args,
          '-y',
          output,
        ],
        options,
      );
      return readFile(output);
    });
  }

  /**
   * Decodes to what pocketsphinx reads: headerless 16 kHz mono signed 16-bit little-endian PCM. Written to a
   * pipe because raw PCM needs no header fixed up at the end (WAV and FLAC written to a pipe do).
   */
  async decodePcm16kMono(bytes: Buffer, options: ConvertOptions = {}): Promise<Buffer> {
    return withInputFile(bytes, (input) =>
      this.ffmpeg(
        [
          ...inputArgs(bytes, input),
          ...limits(options),
          '-map',
          '0:a:0',
          '-vn',
          ...(options.filters ? ['-af', options.filters] : []),
          '-ac',
          '1',
          '-ar',
          '16000',
          '-f',
          's16le',
          '-c:a',
          'pcm_s16le',
          'pipe:1',
        ],
        options,
      ),
    );
  }

  private async ffmpeg(args: readonly string[], options: ConvertOptions): Promise<Buffer> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_CONVERT_TIMEOUT_MS;
    // CPU time as well as the wall clock: a decoder spinning on crafted input stops either way.
    const cpuSeconds = String(Math.max(1, Math.ceil(timeoutMs / 1000)));
    const result = await runProgram(this.ffmpegPath, [...COMMON_ARGS, '-timelimit', cpuSeconds, ...args], {
      timeoutMs,
      aptPackage: APT_PACKAGES.ffmpeg,
      displayName: 'ffmpeg',
    });
    if (result.code !== 0) {
      const detail = lastLine(result.stderr);
      // ffmpeg says "does not contain any stream" / "matches no streams" when there is nothing to decode.
      if (/matches no streams|does not contain any stream|Invalid data found/i.test(result.stderr)) {
        throw new NotAudioError(NOT_AUDIO_MESSAGE);
      }
      throw new PermanentError(`ffmpeg could not convert the audio${detail ? `: ${detail}` : '.'}`);
    }
    return result.stdout;
  }
}

/** Output options that bound the work: at most the longest message decoded (plus a minute of slack). */
function limits(options: ConvertOptions): string[] {
  const seconds = (options.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS) + 60;
  return ['-t', String(seconds)];
}

/** Writes the bytes to `input` in a fresh private folder, runs `work`, and removes the folder. */
async function withInputFile<T>(bytes: Buffer, work: (input: string, dir: string) => Promise<T>): Promise<T> {
  return withPrivateTempDir(async (dir) => {
    const input = join(dir, 'input');
    await writeFile(input, bytes, { mode: 0o600 });
    return work(input, dir);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function positiveNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}
