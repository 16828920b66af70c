/**
 * Makes a stand-in's server answer only requests addressed to it by its own loopback address: `Host` must be
 * `127.0.0.1:<port>` or `localhost:<port>`. dynalite and s3rver accept any `Host` (and dynalite any
 * signature, s3rver any SigV4 one), so a web page using DNS rebinding (a name of the attacker's pointed at
 * 127.0.0.1) could reach them on their loopback ports; its requests name the attacker's host, and are
 * refused here before the stand-in sees them (issue 31). With `browsers: 'none'`, a request a browser sent
 * (`Origin`, `Sec-Fetch-Site`) is refused too: only the runtime's SDK clients call dynalite. With a list of
 * origins, a request naming another `Origin` is refused: s3rver checks no SigV4 signature, so a page of any
 * site could otherwise write to the bucket with a URL it signed itself.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export function ownHostOnly(
  server: Server,
  options: { readonly browsers: 'none' | { readonly origins: readonly string[] } },
): void {
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const { port } = server.address() as AddressInfo;
    const host = String(req.headers.host ?? '').toLowerCase();
    const own = host === `127.0.0.1:${port}` || host === `localhost:${port}`;
    const { origin } = req.headers;
    const browser = origin !== undefined || req.headers['sec-fetch-site'] !== undefined;
    const refusedBrowser =
      options.browsers === 'none'
        ? browser
        : origin !== undefined && !options.browsers.origins.includes(origin);
    if (!own || refusedBrowser) {
      const text = JSON.stringify({
        __type: 'AccessDeniedException',
        message: 'This address serves the local runtime itself, under its own address only.',
      });
      res.writeHead(403, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
        connection: 'close',
      });
      res.end(text);
      req.resume();
      return;
    }
    for (const listener of listeners) listener.call(server, req, res);
  });
}
