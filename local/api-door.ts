/**
 * The API on the public port, as API Gateway and WAF serve it in AWS: the route for the request, the
 * per-client limit of the public routes a stranger can flood (and WAF's two rules for Twilio's), the JWT
 * authorizer of the admin routes, the route's own throttle, its body read within
 * the route's size limit and at a living pace, then its Lambda handler. Whatever a client sends or fails to
 * send, it gets an answer (or, if it went away, none) and the runtime goes on serving everyone else.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { UnauthorizedError } from '#core/errors';
import { bodyTooLargeMessage } from '../lambdas/http/edge';
import { bodyLimit, HTTP_ROUTES, type HttpRoute } from '../lambdas/http/routes';
import { TWILIO_PER_CLIENT, TWILIO_SIGNATURE_REQUIRED } from '../lambdas/http/twilio-firewall';
import type { TokenVerifier } from '../lambdas/ports/token-verifier';
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
import { clientAddress, type TrustedProxies } from './client-address';
import { closeAfterRefusal } from './doors';
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
  /** TRUST_PROXY: whose X-Forwarded-For names the client. */
  readonly trustedProxies: TrustedProxies;
  /** The gateway's JWT authorizer: tokens of the pool's app client (ID or access), checked before the body. */
  readonly adminTokens: TokenVerifier;
};

/** Answers without reading the rest of the body (see closeAfterRefusal), so a refused upload cannot hold the server. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  writeJsonError(res, status, message, headers);
  closeAfterRefusal(req);
}

/**
 * The gateway's JWT authorizer (lib/constructs/http-api.ts), before a byte of an admin route's body is read:
 * in AWS API Gateway refuses a request without a valid token of the pool's app client before the function
 * runs; the handler then checks the token again, and the admins group. True when the request may go on.
 */
async function authorized(req: IncomingMessage, res: ServerResponse, api: ApiParts): Promise<boolean> {
  // The words and header of the handlers' own check (lambdas/http/edge.ts, lambdas/http/error-mapper.ts).
  const token = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''))?.[1];
  try {
    if (!token) throw new UnauthorizedError(BEARER_NEEDED);
    await api.adminTokens.verify(token);
    return true;
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
    refuse(req, res, 401, error.message, { 'www-authenticate': 'Bearer' });
    return false;
  }
}

const BEARER_NEEDED = 'Sign in as an administrator: this needs an Authorization: Bearer token.';

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
  // WAF's rules for Twilio's routes (lambdas/http/twilio-firewall.ts): no signature header, no entry; then one
  // address's posts are capped, so a forger's flood stops before its bodies are read.
  if (route.signedBy && !req.headers['x-twilio-signature']) {
    refuse(req, res, 403, TWILIO_SIGNATURE_REQUIRED);
    return;
  }
  const perClient = route.perClient ?? (route.signedBy ? TWILIO_PER_CLIENT : undefined);
  if (api.clientLimits && perClient) {
    const wait = api.clientLimits.take(clientAddress(req, api.trustedProxies), perClient);
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
  if (route.access === 'admin' && !(await authorized(req, res, api))) return;
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
