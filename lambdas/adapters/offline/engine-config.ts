/**
 * Where the local engines find their programs and model. Read once from the environment through a zod schema
 * (the Lambda layers put ffmpeg and ffprobe in /opt/bin and the model in /opt/moonshine; on a workstation
 * they are on PATH and in .models/).
 */
import * as z from 'zod';
import { BEAM_CONFIDENCES, type BeamConfidence } from '#core/transcripts/word-posterior';
import {
  DEFAULT_MOONSHINE_SIZE,
  defaultModelDir,
  MOONSHINE_SIZES,
  type MoonshineSize,
} from './moonshine-model';

/** Greedy until measured otherwise (docs/local-transcription.md, "Beam search"). */
export const DEFAULT_MOONSHINE_BEAMS = 1;
export const DEFAULT_BEAM_CONFIDENCE: BeamConfidence = 'min';

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
  /**
   * Hypotheses Moonshine's beam search keeps (issue 32): 1 is greedy decoding, as before; more also read a
   * word's confidence from whether the hypotheses agree on it (docs/local-transcription.md, "Beam search").
   */
  MOONSHINE_BEAMS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(16).default(DEFAULT_MOONSHINE_BEAMS),
  ),
  /** With beams, how a word's confidence joins its tokens' and the hypotheses' agreement (word-posterior.ts). */
  MOONSHINE_BEAM_CONFIDENCE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(BEAM_CONFIDENCES).default(DEFAULT_BEAM_CONFIDENCE),
  ),
});

export type LocalEngineConfig = {
  readonly ffmpegPath: string;
  readonly ffprobePath: string;
  readonly moonshineModel: MoonshineSize;
  readonly moonshineModelDir: string;
  readonly moonshineThreads: number;
  readonly moonshineBeams: number;
  readonly beamConfidence: BeamConfidence;
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
    moonshineBeams: parsed.MOONSHINE_BEAMS,
    beamConfidence: parsed.MOONSHINE_BEAM_CONFIDENCE,
  };
}

/** Which Debian package provides each program, for the "how to install it" part of error messages. */
export const APT_PACKAGES = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
} as const;
