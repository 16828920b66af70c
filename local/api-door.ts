/**
 * The API on the public port, as API Gateway and WAF serve it in AWS: the route for the request, the
 * per-client limit of the public routes a stranger can flood, the route's own throttle, its body read within
 * the route's size limit and at a living pace, then its Lambda handler. Whatever a client sends or fails to
 * send, it gets an answer (or, if it went away, none) and the runtime goes on serving everyone else.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { bodyTooLargeMessage } from '../lambdas/http/edge';
import { bodyLimit, HTTP_ROUTES, type HttpRoute } from '../lambdas/http/routes';
import {
  API_BODY_PACE,
  BodyAbortedError,
  BodyTimeoutError,
  BodyTooLargeError,
  type LambdaHttpHandler,
  readBody,
  toApiGatewayEvent,
  writeJsonError,
  writeResult,
} from './api-gateway';
import { clientAddress } from './client-address';
import { matchRoute } from './route-match';
import type { ClientLimiter, RouteThrottle } from './throttle';

/** Whether a post to a `signedBy` route carries its sender's valid signature (the function's `signedPost`). */
export type SignedPostCheck = (event: APIGatewayProxyEventV2) => Promise<boolean>;

export type ApiParts = {
  /** Each API route's handler, by route key (`POST /api/signups`). */
  readonly handlers: ReadonlyMap<string, LambdaHttpHandler>;
  /** The signature check of each `signedBy` route, by route key. */
  readonly signedPosts: ReadonlyMap<string, SignedPostCheck>;
  /** The gateway's per-route limits (lambdas/http/routes.ts); null when LOCAL_THROTTLING=off. */
  readonly throttle: RouteThrottle | null;
  /** The per-client limits of the public routes (WAF's rate-based rules); null when LOCAL_THROTTLING=off. */
  readonly clientLimits: ClientLimiter | null;
};

/**
 * What is read of a refused body before its connection is closed: up to 1 MB (read and dropped, never kept;
 * then the client is made to wait) for up to 2 s. Closing at once would reset a connection with data still
 * coming, and a reset can take the answer with it before the client reads it (a lingering close, as web
 * servers do).
 */
const LINGER = { ms: 2_000, bytes: 1024 * 1024 };

/** Answers without reading the rest of the body (see LINGER), so a refused upload cannot hold the server. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  writeJsonError(res, status, message, headers);
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

/** The body, or null once the request was answered (413, 408) or its client went away. */
async function routeBody(
  req: IncomingMessage,
  res: ServerResponse,
  route: HttpRoute,
): Promise<Buffer | null> {
  try {
    return await readBody(req, bodyLimit(route), API_BODY_PACE);
  } catch (error) {
    if (error instanceof BodyTooLargeError) refuse(req, res, 413, bodyTooLargeMessage(bodyLimit(route)));
    else if (error instanceof BodyTimeoutError) {
      refuse(req, res, 408, 'The request body took too long to arrive: send the request again.');
    } else if (error instanceof BodyAbortedError) res.destroy();
    else throw error;
    return null;
  }
}

/** An `/api/...` request (not a preflight). */
export async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  api: ApiParts,
  url: URL,
): Promise<void> {
  const match = matchRoute(HTTP_ROUTES, req.method ?? 'GET', url.pathname);
  if (!match.route) {
    const methods = match.allowedMethods;
    if (methods.length) {
      refuse(req, res, 405, `Use ${methods.join(' or ')} for ${url.pathname}.`, {
        allow: methods.join(', '),
      });
    } else refuse(req, res, 404, `There is no API route ${url.pathname}.`);
    return;
  }
  const { route } = match;
  const routeKey = `${route.method} ${route.path}`;
  if (api.clientLimits && route.perClient) {
    const wait = api.clientLimits.take(clientAddress(req), route.perClient);
    if (wait > 0) {
      refuse(
        req,
        res,
        429,
        `Too many requests from your address: try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        { 'retry-after': String(wait) },
      );
      return;
    }
  }
  // What API Gateway answers a throttled request with.
  const throttled = () => {
    if (!api.throttle || api.throttle.take(routeKey, route.throttle)) return false;
    refuse(req, res, 429, 'Too many requests: try again in a moment.', { 'retry-after': '1' });
    return true;
  };
  const signed = api.signedPosts.get(routeKey);
  // A signed route's body is read first (it is small), so only its sender's real posts are counted.
  if (!signed && throttled()) return;
  const body = await routeBody(req, res, route);
  if (!body) return;
  const event = toApiGatewayEvent(req, body, routeKey, url, match.pathParameters);
  // A forged post goes on to its handler uncounted, and is refused there (403, nothing done).
  if (signed && (await signed(event)) && throttled()) return;
  writeResult(res, await api.handlers.get(routeKey)!(event));
}
