/**
 * The runtime's internal door: a second HTTP listener on loopback, on a port of its own, for the callers that
 * hold AWS credentials in production: the handlers' SDK clients (Cognito's administrator actions, Step
 * Functions) and cognito-local calling the pool's triggers. In AWS those calls need IAM; locally the
 * credentials are fixed strings every SDK client is given, so the door itself is the check: it listens on
 * 127.0.0.1 only, answers only to its own `Host` (a DNS-rebound page names another), and refuses anything a
 * browser sends (`Origin`, `Sec-Fetch-Site`), so no web page can reach it, cross-origin or not.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { refuseUnread } from './doors';

type Route = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type InternalDoor = {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Serves `prefix` and everything under it; with `strip`, the handler sees the path without the prefix. */
  mount(prefix: string, route: Route, options?: { readonly strip?: boolean }): void;
  close(): Promise<void>;
};

/**
 * Browsers send `Origin` on every cross-origin and every POST request, and `Sec-Fetch-Site` on every request
 * to loopback; Node's own fetch sends neither (only `Sec-Fetch-Mode`), nor does the SDK.
 */
function fromBrowser(req: IncomingMessage): boolean {
  return req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined;
}

export async function startInternalDoor(log: (line: string) => void): Promise<InternalDoor> {
  const routes: { prefix: string; route: Route; strip: boolean }[] = [];
  let hosts: readonly string[] = [];
  const server = createServer((req, res) => {
    if (!hosts.includes(String(req.headers.host)) || fromBrowser(req)) {
      refuseUnread(req, res, 403, {
        __type: 'AccessDeniedException',
        message: 'This address serves the local runtime itself, not browsers.',
      });
      return;
    }
    const url = req.url ?? '/';
    const found = routes.find(({ prefix }) => url === prefix || url.startsWith(`${prefix}/`));
    if (!found) {
      refuseUnread(req, res, 404, { __type: 'NotFound', message: `Nothing is served at ${url}.` });
      return;
    }
    if (found.strip) req.url = url.slice(found.prefix.length) || '/';
    Promise.resolve(found.route(req, res)).catch((error: unknown) => {
      log(`Internal request ${req.method} ${url} failed: ${(error as Error).message}`);
      if (!res.headersSent) {
        refuseUnread(req, res, 500, { __type: 'InternalFailure', message: 'The local runtime failed.' });
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  return {
    url: `http://127.0.0.1:${port}`,
    mount(prefix, route, options = {}) {
      routes.push({ prefix, route, strip: options.strip ?? false });
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
