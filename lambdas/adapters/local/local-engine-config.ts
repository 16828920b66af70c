/**
 * Where the local engines find their programs and model. Read once from the environment through a zod schema
 * (the Lambda layer puts ffmpeg and ffprobe in /opt/bin; on a workstation they are on PATH).
 */
import * as z from 'zod';

const optionalPath = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const localEngineEnvSchema = z.object({
  FFMPEG_PATH: optionalPath.transform((v) => v ?? 'ffmpeg'),
  FFPROBE_PATH: optionalPath.transform((v) => v ?? 'ffprobe'),
  /** Debian's pocketsphinx 0.8+5prealpha ships `pocketsphinx_continuous`, not the 5.x `pocketsphinx` CLI. */
  POCKETSPHINX_PATH: optionalPath.transform((v) => v ?? 'pocketsphinx_continuous'),
  /** The folder pocketsphinx-en-us installs: holds `en-us/` (acoustic model), `en-us.lm.bin`, the dictionary. */
  POCKETSPHINX_MODEL_DIR: optionalPath.transform((v) => v ?? '/usr/share/pocketsphinx/model/en-us'),
});

export type LocalEngineConfig = {
  readonly ffmpegPath: string;
  readonly ffprobePath: string;
  readonly pocketsphinxPath: string;
  readonly modelDir: string;
};

/** Reads the four variables; throws one readable error when one is malformed. */
export function localEngineConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LocalEngineConfig {
  const parsed = localEngineEnvSchema.parse(env);
  return {
    ffmpegPath: parsed.FFMPEG_PATH,
    ffprobePath: parsed.FFPROBE_PATH,
    pocketsphinxPath: parsed.POCKETSPHINX_PATH,
    modelDir: parsed.POCKETSPHINX_MODEL_DIR,
  };
}

/** Which Debian package provides each program, for the "how to install it" part of error messages. */
export const APT_PACKAGES = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
  pocketsphinx: 'pocketsphinx',
  model: 'pocketsphinx-en-us',
} as const;

/** The model files pocketsphinx needs, relative to the model folder. */
export function modelPaths(modelDir: string): { hmm: string; lm: string; dict: string } {
  return {
    hmm: `${modelDir}/en-us`,
    lm: `${modelDir}/en-us.lm.bin`,
    dict: `${modelDir}/cmudict-en-us.dict`,
  };
}
