/**
 * DynamoDB on this machine: dynalite in the current process, on loopback. With `path` the tables persist on
 * disk (LevelDB), so a restart keeps the data; one process per path (LevelDB locks the directory).
 */
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { ownHostOnly } from './own-host-only';

export type StandIn = { readonly endpoint: string; close(): Promise<void> };

/** Starts dynalite; `port` 0 (the default) picks a free port. */
export async function startDynalite(options: { path?: string; port?: number } = {}): Promise<StandIn> {
  const server = dynalite({
    ...(options.path ? { path: options.path } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // Only the runtime's SDK clients, under dynalite's own address (a DNS-rebinding page names another host).
  ownHostOnly(server, { browsers: 'none' });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections?.();
      }),
  };
}
