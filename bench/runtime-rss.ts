/** What the local runtime holds in memory, for the benchmarks that watch it (memory, strangers). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { RunningRuntime } from '../test/support/local-runtime';

const run = promisify(execFile);

/** Resident memory of every process of the runtime (its process group), in MB. */
export async function runtimeRss(runtime: RunningRuntime): Promise<number> {
  const { stdout } = await run('ps', ['-eo', 'pgid=,rss=']);
  let kb = 0;
  for (const line of stdout.trim().split('\n')) {
    const [pgid, rss] = line.trim().split(/\s+/).map(Number);
    if (pgid === runtime.child.pid) kb += rss ?? 0;
  }
  return kb / 1024;
}
