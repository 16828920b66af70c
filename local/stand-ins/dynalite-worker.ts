/** The worker side of dynalite-thread.ts: starts dynalite, says where it listens, closes when asked. */
import { parentPort, workerData } from 'node:worker_threads';
import { startDynalite } from './dynalite';

const port = parentPort!;
try {
  const dynalite = await startDynalite(workerData as { path: string });
  port.postMessage({ endpoint: dynalite.endpoint });
  port.on('message', async (message) => {
    if (message !== 'close') return;
    await dynalite.close().catch(() => {});
    port.postMessage('closed');
  });
} catch (error) {
  port.postMessage({ error: (error as Error).message });
}
