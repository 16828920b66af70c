/**
 * Who may come through the local runtime's doors. The site is served under each name the operator uses
 * (localhost, 127.0.0.1, a LAN name in ALLOWED_HOSTS, a tunnel: local/host-names.ts, checked before anything
 * else in local/admission.ts), so "the site's own origin" is the request's own:
 * `http://<Host>`, or `PUBLIC_URL` when the runtime sits behind a tunnel or proxy. Browsers say where a request
 * comes from (`Origin`, `Sec-Fetch-Site`); a request that names another origin is refused on the local-only
 * routes and gets no CORS permission anywhere. Callers that are not browsers (the SDK, curl, tests) send
 * neither header and are judged by the route's own check (a signature, a loopback-only door).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A host header we are willing to reflect: a name or IPv4/IPv6 address, optionally a port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The request's Host, when it is a plain host name (with port); null otherwise. */
export function requestHost(req: IncomingMessage): string | null {
  const host = req.headers.host;
  return typeof host === 'string' && HOST.test(host) ? host : null;
}

/** The origins a browser showing this runtime's site can have for this request. */
export function ownOrigins(req: IncomingMessage, publicUrl: string | null): string[] {
  const host = requestHost(req);
  return [...(host ? [`http://${host}`] : []), ...(publicUrl ? [new URL(publicUrl).origin] : [])];
}

/**
 * Whether a browser sent this request from a page of another origin: its `Origin` is not the site's own, or
 * it says `Sec-Fetch-Site` other than same-origin (another port of localhost is "same-site", and refused).
 */
export function isCrossOrigin(req: IncomingMessage, publicUrl: string | null): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  return origin !== undefined && !ownOrigins(req, publicUrl).includes(origin);
}

/** CORS permission for the site's own origin only: never `*`, nothing for any other origin. */
export function corsHeaders(req: IncomingMessage, publicUrl: string | null): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !ownOrigins(req, publicUrl).includes(origin)) return {};
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}

/** Answers a CORS preflight: permission for the site's own origin, an empty 204 for any other. */
export function answerPreflight(
  req: IncomingMessage,
  res: ServerResponse,
  publicUrl: string | null,
  allow: { readonly methods: string; readonly headers: string },
): void {
  const cors = corsHeaders(req, publicUrl);
  res.writeHead(204, {
    'content-length': '0',
    ...cors,
    ...(cors['access-control-allow-origin']
      ? {
          'access-control-allow-methods': allow.methods,
          'access-control-allow-headers': allow.headers,
          'access-control-max-age': '600',
        }
      : {}),
  });
  res.end();
}

/** Writes a JSON answer of any shape (Cognito's and AppSync's errors are not the API's `{error}`). */
export function writeJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/**
 * Refuses a request without reading its body: the rest of an unread body is drained (never buffered) and the
 * connection closed after the answer, so a refused upload cannot hold the server.
 */
export function refuseUnread(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  writeJson(res, status, body, { connection: 'close', ...headers });
  req.resume();
}

/**
 * What is read of a refused body before its connection is closed: up to 1 MB (read and dropped, never kept;
 * then the client is made to wait) for up to 2 s. Closing at once would reset a connection with data still
 * coming, and a reset can take the answer with it before the client reads it (a lingering close, as web
 * servers do).
 */
const LINGER = { ms: 2_000, bytes: 1024 * 1024 };

/**
 * After an answer that refused a body: the rest is never kept, at most LINGER of it is read, then the socket
 * is closed, so a refused client cannot hold the connection or the server's memory.
 */
export function closeAfterRefusal(req: IncomingMessage): void {
  if (req.complete) return;
  let drained = 0;
  const timer = setTimeout(() => req.socket.destroy(), LINGER.ms);
  const done = () => clearTimeout(timer);
  req
    .on('data', (chunk: Buffer) => {
      drained += chunk.byteLength;
      // Paused, the request stops reading its socket once its small buffer is full.
      if (drained > LINGER.bytes) req.pause();
    })
    .once('end', done)
    .once('close', done)
    .resume();
}
