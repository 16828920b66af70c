/**
 * The runtime's public port: one HTTP server for the front door's requests and WebSocket upgrades, claimed
 * first at start because a port in use is the most common problem and should be reported at once, in one line.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { StartupError } from './startup-error';

export type PublicPort = { readonly port: number; close(): Promise<void> };

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolvePromise, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Port ${port} is already in use: stop the program using it, or start on another port with PORT=${port + 1} npm start.`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(
          new StartupError(`Not allowed to listen on port ${port}: choose a port above 1024 with PORT=3000.`),
        );
      } else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePromise();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  return (server.address() as AddressInfo).port;
}

/** Listens on `port` (0 picks a free one) at `host`; resolves to the port it got and the way to close it. */
export async function openPublicPort(
  door: {
    readonly request: (req: IncomingMessage, res: ServerResponse) => void;
    readonly upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  },
  port: number,
  host: string,
): Promise<PublicPort> {
  const server = createServer(door.request);
  server.on('upgrade', door.upgrade);
  server.keepAliveTimeout = 65_000;
  return {
    port: await listen(server, port, host),
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
