/**
 * dynalite on its own thread. The local runtime answers the API and runs the pipeline on its main thread;
 * with the database on the same event loop, every request waited for both. A worker thread gets its own
 * core, and it dies with the process, so a crash can never leave it holding the database's lock.
 */
import { Worker } from 'node:worker_threads';
import type { StandIn } from './dynalite';

type Ready = { readonly endpoint: string } | { readonly error: string };

/** Starts dynalite (on disk at `path`) in a worker thread; resolves once it listens. */
export async function startDynaliteThread(options: { path: string }): Promise<StandIn> {
  const worker = new Worker(new URL('./dynalite-worker.ts', import.meta.url), { workerData: options });
  const ready = await new Promise<Ready>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the database thread exited (${code})`)));
  });
  if ('error' in ready) {
    await worker.terminate();
    throw new Error(ready.error);
  }
  return {
    endpoint: ready.endpoint,
    close: async () => {
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}
