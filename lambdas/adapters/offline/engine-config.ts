/**
 * Where the local engines find their programs and model. Read once from the environment through a zod schema
 * (the Lambda layers put ffmpeg and ffprobe in /opt/bin and the model in /opt/moonshine; on a workstation
 * they are on PATH and in .models/).
 */
import * as z from 'zod';
import {
  DEFAULT_MOONSHINE_SIZE,
  defaultModelDir,
  MOONSHINE_SIZES,
  type MoonshineSize,
} from './moonshine-model';

const optionalPath = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const localEngineEnvSchema = z.object({
  FFMPEG_PATH: optionalPath.transform((v) => v ?? 'ffmpeg'),
  FFPROBE_PATH: optionalPath.transform((v) => v ?? 'ffprobe'),
  /** Which Moonshine model transcribes: a setting of the deployment (base, the default, is better on 8 kHz and noise; tiny cheaper). */
  MOONSHINE_MODEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(MOONSHINE_SIZES).default(DEFAULT_MOONSHINE_SIZE),
  ),
  /** The folder holding its two ONNX files; default `.models/moonshine-<size>` in the checkout (`/opt/moonshine` in Lambda). */
  MOONSHINE_MODEL_DIR: optionalPath,
  /** onnxruntime threads per run: two were no faster than one on 2 cores, and one leaves a core for the rest. */
  MOONSHINE_THREADS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(64).default(1),
  ),
});

export type LocalEngineConfig = {
  readonly ffmpegPath: string;
  readonly ffprobePath: string;
  readonly moonshineModel: MoonshineSize;
  readonly moonshineModelDir: string;
  readonly moonshineThreads: number;
};

/** Reads the variables; throws one readable error when one is malformed. */
export function localEngineConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LocalEngineConfig {
  const parsed = localEngineEnvSchema.parse(env);
  return {
    ffmpegPath: parsed.FFMPEG_PATH,
    ffprobePath: parsed.FFPROBE_PATH,
    moonshineModel: parsed.MOONSHINE_MODEL,
    moonshineModelDir: parsed.MOONSHINE_MODEL_DIR ?? defaultModelDir(parsed.MOONSHINE_MODEL),
    moonshineThreads: parsed.MOONSHINE_THREADS,
  };
}

/** Which Debian package provides each program, for the "how to install it" part of error messages. */
export const APT_PACKAGES = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
} as const;
