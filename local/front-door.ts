/**
 * The runtime's router: which part answers which path on the public port, and who may come in. The sign-in
 * door, the live-update publish route and WebSocket, the local-only controls (`/_local/*`), the site and the
 * API (each route to its Lambda handler, with the gateway's per-route throttling) are reached here; Step
 * Functions and the triggers are not (they live on the internal door). Cross-origin browsers are refused on
 * everything that is not the site or the API; the parts that start late answer 503 until they are ready.
 * Before any of that, every request and upgrade passes local/admission.ts: a name the operator uses and one
 * normalized path for every part; `/_local/*` then needs this start's secret (local/local-access.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CODE_PAGE_PREFIXES, MESSAGE_LINK_HEADERS } from '#core/site/site-paths';
import { COGNITO_PREFIX, LOCAL_PREFIX, STEP_FUNCTIONS_PREFIX } from './addresses';
import { admit, rawAnswer } from './admission';
import { type ApiParts, serveApi } from './api-door';
import { writeJsonError } from './api-gateway';
import { answerPreflight, isCrossOrigin, refuseUnread } from './doors';
import type { HostNames } from './host-names';
import type { LocalAccess } from './local-access';
import { serveLocalControl } from './local-controls';
import { serveSite } from './site';
import { type AppSyncEvents, EVENTS_HTTP_PATH, EVENTS_REALTIME_PATH } from './stand-ins/appsync-events';

type Handle = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Where each part is mounted (local/addresses.ts). */
const paths = {
  cognito: COGNITO_PREFIX,
  stepFunctions: STEP_FUNCTIONS_PREFIX,
  eventsHttp: EVENTS_HTTP_PATH,
  eventsRealtime: EVENTS_REALTIME_PATH,
  /** Local-only controls and pages. */
  local: LOCAL_PREFIX,
};

export type FrontDoorParts = {
  /** The sign-in service's public door (the prefix removed from the URL), once the pool exists. */
  cognito: Handle | null;
  events: AppSyncEvents | null;
  /** The site, the API and `/_local/*`, once the handlers are loaded. */
  app: AppParts | null;
};

/** The API's handlers and limits (local/api-door.ts), the site and the local pages. */
export type AppParts = ApiParts & {
  /** `http://localhost:<port>`: the base of a request URL without a usable Host. */
  readonly url: string;
  /** The site's files built per request (`/config.json`, local/site-config.ts). */
  readonly generated: Parameters<typeof serveSite>[3];
  /** Headers that replace the site's defaults (its CSP names the file store). */
  readonly siteHeaders: Record<string, string>;
  /** What the inbox page reads. */
  readonly localPaths: Parameters<typeof serveLocalControl>[3]['paths'];
  readonly events: AppSyncEvents;
};

const startedAt = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function frontDoor(options: {
  readonly publicUrl: string | null;
  /** The names requests may come in under (local/host-names.ts). */
  readonly hosts: HostNames;
  readonly parts: FrontDoorParts;
  /** This start's secret for `/_local/*`. */
  readonly localAccess: LocalAccess;
  readonly log: (line: string) => void;
}) {
  const { publicUrl, parts } = options;
  const crossOrigin = (req: IncomingMessage, res: ServerResponse, what: string) => {
    if (!isCrossOrigin(req, publicUrl)) return false;
    refuseUnread(req, res, 403, { error: `${what} answers only pages of this site.` });
    return true;
  };

  const request = (req: IncomingMessage, res: ServerResponse): void => {
    const admitted = admit(req, options.hosts);
    if (admitted.path === null) {
      refuseUnread(req, res, admitted.status, { error: admitted.error });
      return;
    }
    // From here on, `req.url` is the normalized target every part sees.
    const { path } = admitted;
    const url = req.url ?? '/';
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
    if (startedAt(path, paths.local)) {
      if (crossOrigin(req, res, 'This local page')) return;
      if (options.localAccess.check(req, res) === 'answered') return;
    }
    if (!parts.app) {
      refuseUnread(
        req,
        res,
        503,
        { error: 'The service is starting: try again in a few seconds.' },
        { 'retry-after': '2' },
      );
      return;
    }
    const app = parts.app;
    void run((req, res) => serveApp(req, res, app, publicUrl));
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const admitted = admit(req, options.hosts);
    if (admitted.path === null) {
      socket.end(rawAnswer(admitted.status, admitted.error));
      return;
    }
    if (admitted.path !== paths.eventsRealtime || !parts.events) {
      socket.end(rawAnswer(404));
      return;
    }
    if (isCrossOrigin(req, publicUrl)) {
      socket.end(rawAnswer(403));
      return;
    }
    parts.events.handleUpgrade(req, socket, head);
  };

  return { request, upgrade };
}

/** The site, the API and the local controls, once every handler is loaded. */
async function serveApp(
  req: IncomingMessage,
  res: ServerResponse,
  app: AppParts,
  publicUrl: string | null,
): Promise<void> {
  const requestUrl = new URL(req.url ?? '/', app.url);
  const path = requestUrl.pathname;
  if (await serveLocalControl(req, res, path, { paths: app.localPaths, events: app.events })) return;
  if (!path.startsWith('/api/')) {
    // A message's or upload link's page: never cached, indexed or sent on as a referrer (the code in its URL
    // is the key).
    const headers = CODE_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix))
      ? { ...app.siteHeaders, ...MESSAGE_LINK_HEADERS }
      : app.siteHeaders;
    await serveSite(req, res, path, app.generated, headers);
    return;
  }
  if (req.method === 'OPTIONS') {
    answerPreflight(req, res, publicUrl, {
      methods: 'GET, POST, PUT, DELETE, OPTIONS',
      headers: 'authorization, content-type',
    });
    return;
  }
  await serveApi(req, res, app, requestUrl);
}
