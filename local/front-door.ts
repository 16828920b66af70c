/**
 * The runtime's public port: which stand-in answers which path, and who may come in. The sign-in door, the
 * live-update publish route and WebSocket, the local-only controls (`/_local/*`) and the site and API are
 * reached here; Step Functions and the triggers are not (they live on the internal door). Cross-origin
 * browsers are refused on everything that is not the site or the API; the parts that start late answer 503
 * until they are ready.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { writeJsonError } from './api-gateway';
import { isCrossOrigin, refuseUnread } from './doors';
import type { AppSyncEvents } from './stand-ins/appsync-events';

type Handle = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export type FrontDoorPaths = {
  readonly cognito: string;
  readonly stepFunctions: string;
  readonly eventsHttp: string;
  readonly eventsRealtime: string;
  /** Local-only controls and pages (`/_local/`). */
  readonly local: string;
};

export type FrontDoorParts = {
  /** The sign-in service's public door (the prefix removed from the URL), once the pool exists. */
  cognito: Handle | null;
  events: AppSyncEvents | null;
  /** The site, the API and `/_local/*`, once the handlers are loaded. */
  ready: Handle | null;
};

const startedAt = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function frontDoor(options: {
  readonly paths: FrontDoorPaths;
  readonly publicUrl: string | null;
  readonly parts: FrontDoorParts;
  readonly log: (line: string) => void;
}) {
  const { paths, publicUrl, parts } = options;
  const crossOrigin = (req: IncomingMessage, res: ServerResponse, what: string) => {
    if (!isCrossOrigin(req, publicUrl)) return false;
    refuseUnread(req, res, 403, { error: `${what} answers only pages of this site.` });
    return true;
  };

  const request = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const run = (handle: Handle) =>
      Promise.resolve(handle(req, res)).catch((error: unknown) => {
        options.log(`Request ${req.method} ${path} failed: ${(error as Error).message}`);
        if (!res.headersSent) writeJsonError(res, 500, 'Something went wrong on our side.');
        else res.destroy();
      });
    if (startedAt(path, paths.stepFunctions)) {
      // Step Functions takes IAM-signed calls in AWS; here only the runtime's own, on its internal door.
      refuseUnread(req, res, 403, { error: 'Step Functions is not served to callers outside the runtime.' });
      return;
    }
    if (path === paths.eventsHttp) {
      if (crossOrigin(req, res, 'Publishing live updates')) return;
      if (parts.events) void run(parts.events.handleHttp);
      else refuseUnread(req, res, 503, { error: 'Live updates are starting.' }, { 'retry-after': '2' });
      return;
    }
    if (startedAt(path, paths.cognito) && parts.cognito) {
      req.url = url.slice(paths.cognito.length) || '/';
      void run(parts.cognito);
      return;
    }
    if (startedAt(path, paths.local) && crossOrigin(req, res, 'This local page')) return;
    if (!parts.ready) {
      refuseUnread(
        req,
        res,
        503,
        { error: 'The service is starting: try again in a few seconds.' },
        { 'retry-after': '2' },
      );
      return;
    }
    void run(parts.ready);
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== paths.eventsRealtime || !parts.events) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (isCrossOrigin(req, publicUrl)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    parts.events.handleUpgrade(req, socket, head);
  };

  return { request, upgrade };
}
