/**
 * What every request on the public port passes before any part sees it (HTTP and the WebSocket upgrade
 * alike): a `Host` the operator uses (local/host-names.ts: a DNS-rebinding page names another), then one
 * normalized path written back to `req.url` (local/request-path.ts). Who may open `/_local/` is decided by a
 * secret, after this (local/local-access.ts), not by what the request says about where it comes from.
 */
import type { IncomingMessage } from 'node:http';
import { type HostNames, requestHostName } from './host-names';
import { normalizedTarget } from './request-path';

export type Admission =
  | { readonly path: string }
  | { readonly path: null; readonly status: 400 | 403; readonly error: string };

const refused = (status: 400 | 403, error: string): Admission => ({ path: null, status, error });

/** Lets the request in (its normalized path, now also `req.url`'s), or says why not. */
export function admit(req: IncomingMessage, hosts: HostNames): Admission {
  const hostname = requestHostName(req);
  if (hostname === null) {
    return refused(
      403,
      'Send a Host header naming the address you opened (localhost, or a name in ALLOWED_HOSTS).',
    );
  }
  if (!hosts.accepts(hostname)) {
    return refused(
      403,
      `This service does not answer to the name ${hostname}: to open it under that name, add it to ALLOWED_HOSTS (ALLOWED_HOSTS=${hostname} npm start).`,
    );
  }
  const target = normalizedTarget(req.url ?? '/');
  if (target === null) return refused(400, 'The request names no path: ask for one such as /api/health.');
  req.url = target;
  const path = target.split('?')[0] ?? '/';
  return { path };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found' };

/** The answer to a refused WebSocket upgrade, written straight to its socket (JSON, or empty). */
export function rawAnswer(status: 400 | 403 | 404, error?: string): string {
  const text = error === undefined ? '' : JSON.stringify({ error });
  const type = error === undefined ? '' : 'Content-Type: application/json; charset=utf-8\r\n';
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
}
