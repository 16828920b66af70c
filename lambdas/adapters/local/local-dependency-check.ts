/**
 * Whether the local engines can run here: ffmpeg, ffprobe, pocketsphinx and its US English model. Checks
 * look at the file system only (no program is started), and results are cached briefly because the health
 * route and the settings page may ask often.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { DependencyCheck, DependencyStatus } from '../../ports/dependency-check';
import {
  APT_PACKAGES,
  type LocalEngineConfig,
  localEngineConfigFromEnv,
  modelPaths,
} from './local-engine-config';
import { installHint, which } from './subprocess';

const CACHE_MS = 5_000;

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
    const model = modelPaths(this.config.modelDir);
    return Promise.all([
      program('ffmpeg', this.config.ffmpegPath, APT_PACKAGES.ffmpeg),
      program('ffprobe', this.config.ffprobePath, APT_PACKAGES.ffprobe),
      program('pocketsphinx', this.config.pocketsphinxPath, APT_PACKAGES.pocketsphinx),
      file('pocketsphinx acoustic model (en-us)', `${model.hmm}/mdef`),
      file('pocketsphinx language model (en-us)', model.lm),
      file('pocketsphinx dictionary (en-us)', model.dict),
    ]);
  }
}

async function program(name: string, path: string, aptPackage: string): Promise<DependencyStatus> {
  return (await which(path)) ? { name, ok: true } : { name, ok: false, fix: installHint(aptPackage) };
}

async function file(name: string, path: string): Promise<DependencyStatus> {
  try {
    await access(path, constants.R_OK);
    return { name, ok: true };
  } catch {
    return { name, ok: false, fix: installHint(APT_PACKAGES.model) };
  }
}
