/**
 * The HTTP edge every API handler goes through: the CloudFront origin check, CORS, authentication and the
 * admins-group check, body and query validation with zod, and error mapping. Handlers stay a few lines over a use case.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import {
  ForbiddenError,
  PayloadTooLargeError,
  UnauthorizedError,
  UnavailableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '#core/errors';
import { signedInBeforeSessionsEnded } from '#core/operator/team';
import type { Caller, TokenVerifier } from '../ports/token-verifier';
import type { AdminStanding, AdminStandings } from './admin-membership';
import { mapError } from './error-mapper';
import { cameThroughCloudFront } from './origin-guard';
import { BODY_LIMITS } from './routes';
import { parseOrThrow } from './validation';

export type HttpResult = {
  readonly status: number;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Sent as is, instead of `body` (e.g. TwiML); set its content-type in `headers`. */
  readonly text?: string;
  readonly headers?: Record<string, string>;
};

export type RouteRequest<B, Q, A extends Access> = {
  readonly body: B;
  readonly query: Q;
  readonly caller: A extends 'admin' ? Caller : null;
  readonly event: APIGatewayProxyEventV2;
  /** CloudFront forwarded it (its origin secret checked): only then are CloudFront's headers its own. */
  readonly viaCloudFront: boolean;
};

type Access = 'public' | 'admin';

export type RouteOptions<
  BS extends z.ZodType | undefined,
  QS extends z.ZodType | undefined,
  A extends Access,
> = {
  readonly access: A;
  /** Schema of the JSON body; routes without one ignore the body. */
  readonly body?: BS;
  readonly query?: QS;
  /** Largest accepted body in bytes (after base64 decoding), the route's own (routes.ts). @default BODY_LIMITS.json */
  readonly maxBodyBytes?: number;
  /** Headers of every answer, errors included (a public link's no-store and noindex). @default none */
  readonly headers?: Readonly<Record<string, string>>;
};

/** How admin callers are recognised: a Cognito ID token of a member of the admins group. */
export type AdminAuth = {
  readonly verifier: () => TokenVerifier;
  readonly adminGroup: string;
  /**
   * Whether the token's account is still in the group, and when its sessions last ended (asked of Cognito and
   * the settings table, cached briefly): a removed administrator's unexpired token, or one from before a
   * password reset, stops working. @default the token's groups alone
   */
  readonly standing?: () => AdminStandings;
};

export type EdgeDependencies = {
  /** Only functions with admin routes get the sign-in configuration. @default none */
  readonly auth?: AdminAuth;
  readonly allowedOrigins: readonly string[];
  readonly logger: Logger;
  /** Wraps every handler (Powertools' middlewares in Lambda). @default none */
  readonly instrument?: (handler: ApiHandler) => ApiHandler;
  /**
   * The secret CloudFront adds to every request it forwards (http/origin-guard.ts): a request without it is
   * refused. @default none (the local runtime has no CloudFront; nothing then counts as coming through it)
   */
  readonly originSecret?: string;
};

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context?: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

const DEFAULT_MAX_BODY_BYTES = BODY_LIMITS.json;

/** What a body over `maxBytes` is told, by the handlers and by the local gateway alike. */
export function bodyTooLargeMessage(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.floor(maxBytes / (1024 * 1024))} MB`
      : `${Math.ceil(maxBytes / 1024)} KB`;
  return `The request body is too large: ${size} at most.`;
}

/** The request body as bytes (API Gateway sends binary and form bodies base64-encoded); 413 above `maxBytes`. */
export function bodyBytes(event: APIGatewayProxyEventV2, maxBytes: number): Buffer {
  if (!event.body) return Buffer.alloc(0);
  const raw = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.byteLength > maxBytes) throw new PayloadTooLargeError(bodyTooLargeMessage(maxBytes));
  return raw;
}

export function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  // API Gateway v2 lower-cases header names; be lenient for hand-made events.
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}

/**
 * An x-www-form-urlencoded body (Twilio's webhooks) as its fields; the last of a repeated field wins. 413 above
 * `maxBytes`; malformed escapes are kept as sent (URLSearchParams never throws), for the schema to judge.
 */
export function formParams(
  event: APIGatewayProxyEventV2,
  maxBytes: number = BODY_LIMITS.twilioForm,
): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(bodyBytes(event, maxBytes).toString('utf8')));
}

/** The JSON body of the request (415 if not JSON, 413 above `maxBytes`, 400 if it does not parse). */
export function readJsonBody(event: APIGatewayProxyEventV2, maxBytes = DEFAULT_MAX_BODY_BYTES): unknown {
  const contentType = header(event, 'content-type') ?? '';
  if (!event.body) throw new ValidationError('The request body is empty: send a JSON object.');
  const raw = bodyBytes(event, maxBytes);
  if (!/^application\/json\s*(;|$)/i.test(contentType.trim())) {
    throw new UnsupportedMediaTypeError(
      'Send the request body as JSON, with the header Content-Type: application/json.',
    );
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError(
      'The request body is not valid JSON. Check for missing quotes, commas or braces.',
    );
  }
}

/** The caller of an admin route: a valid Cognito ID token of a member of the admins group, else it throws. */
export async function authenticate(event: APIGatewayProxyEventV2, deps: AdminAuth): Promise<Caller> {
  const authorization = header(event, 'authorization');
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match?.[1])
    throw new UnauthorizedError('Sign in as an administrator: this needs an Authorization: Bearer token.');
  const caller = await deps.verifier().verify(match[1]);
  if (!caller.groups.includes(deps.adminGroup)) {
    throw new ForbiddenError('Your account is signed in but is not an administrator of this service.');
  }
  if (deps.standing) {
    let standing: AdminStanding;
    try {
      standing = await deps.standing().of(caller.userId);
    } catch {
      throw new UnavailableError(
        'Your administrator access could not be checked just now: try again in a minute.',
      );
    }
    if (standing.sessionsEndedAt && signedInBeforeSessionsEnded(caller.issuedAt, standing.sessionsEndedAt)) {
      throw new UnauthorizedError('Your session ended when the password was reset: sign in again.');
    }
    if (!standing.isAdmin) {
      throw new ForbiddenError('Your account is no longer an administrator of this service.');
    }
  }
  return caller;
}

function corsHeaders(
  event: APIGatewayProxyEventV2,
  allowedOrigins: readonly string[],
): Record<string, string> {
  const origin = header(event, 'origin');
  if (!origin || !allowedOrigins.includes(origin)) return {};
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}

/** Builds API Gateway v2 handlers that share one edge (auth, validation, CORS, errors, logging). */
export function createEdge(deps: EdgeDependencies) {
  return function route<
    BS extends z.ZodType | undefined = undefined,
    QS extends z.ZodType | undefined = undefined,
    A extends Access = Access,
  >(
    options: RouteOptions<BS, QS, A>,
    run: (
      request: RouteRequest<
        BS extends z.ZodType ? z.output<BS> : undefined,
        QS extends z.ZodType ? z.output<QS> : undefined,
        A
      >,
    ) => Promise<HttpResult>,
  ): ApiHandler {
    const { auth } = deps;
    if (options.access === 'admin' && !auth) {
      throw new Error('An admin route needs the sign-in configuration: build it with adminRoutes().');
    }
    const handler: ApiHandler = async (event) => {
      const started = Date.now();
      const baseHeaders: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        'x-content-type-options': 'nosniff',
        ...(options.access === 'admin' ? { 'cache-control': 'no-store' } : {}),
        ...options.headers,
        ...corsHeaders(event, deps.allowedOrigins),
      };
      let result: HttpResult;
      try {
        const viaCloudFront =
          deps.originSecret !== undefined && cameThroughCloudFront(event, deps.originSecret);
        if (deps.originSecret !== undefined && !viaCloudFront) {
          throw new ForbiddenError(
            "This API answers only through the site: call the site's address followed by /api/..., not the API Gateway address.",
          );
        }
        // Authentication first: an anonymous caller learns nothing about what the body should look like.
        const caller = options.access === 'admin' && auth ? await authenticate(event, auth) : null;
        const query = options.query
          ? parseOrThrow(options.query, event.queryStringParameters ?? {}, 'query')
          : undefined;
        const body = options.body
          ? parseOrThrow(
              options.body,
              readJsonBody(event, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
              'request body',
            )
          : undefined;
        result = await run({ body, query, caller, event, viaCloudFront } as Parameters<typeof run>[0]);
      } catch (error) {
        const mapped = mapError(error);
        if (mapped.status >= 500)
          deps.logger.error('Request failed', { route: event.routeKey, error: error as Error });
        result = mapped;
      }
      deps.logger.info('Request', {
        route: event.routeKey,
        status: result.status,
        durationMs: Date.now() - started,
      });
      return {
        statusCode: result.status,
        headers: { ...baseHeaders, ...result.headers },
        body: result.text ?? (result.body === undefined ? '' : JSON.stringify(result.body)),
      };
    };
    return deps.instrument ? deps.instrument(handler) : handler;
  };
}
