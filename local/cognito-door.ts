/**
 * The public door of the local sign-in service (`/cognito/` on the runtime's port): what Cognito's public
 * endpoint lets an unauthenticated browser do, and nothing more. Only the actions a browser client calls pass
 * (the list below: what aws-amplify v6's Cognito clients send as `X-Amz-Target`, less MFA, devices and
 * passkeys, which this service does not use); the administrator's actions (`ListUsers`, `AdminCreateUser`,
 * `AdminAddUserToGroup`...) need IAM in AWS and are answered 403 here. The runtime's own handlers reach them
 * through the loopback-only internal door (local/internal-door.ts).
 *
 * Every answer is JSON in Cognito's error shape (`{"__type", "message"}`), cognito-local's own failures
 * included (it would otherwise answer HTML with a stack, or `*` CORS); bodies are capped before parsing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenVerifier } from '../lambdas/ports/token-verifier';
import {
  API_BODY_PACE,
  BODY_TIMEOUT_MESSAGE,
  BodyAbortedError,
  BodyTimeoutError,
  BodyTooLargeError,
  readBody,
} from './api-gateway';
import { answerPreflight, corsHeaders, isCrossOrigin, refuseUnread, writeJson } from './doors';

/** The sign-in actions a browser client makes: sign-up, sign-in, tokens, passwords, own profile, sign-out. */
export const BROWSER_COGNITO_ACTIONS: ReadonlySet<string> = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'RevokeToken',
]);

/** Cognito's requests are small (the largest, sign-up with attributes, is well under 10 KB). */
export const MAX_COGNITO_BODY_BYTES = 64 * 1024;

const TARGET = /^AWSCognitoIdentityProviderService\.([A-Za-z]+)$/;
/** The pool's public keys and discovery document, which Cognito publishes too. */
const PUBLIC_GET = /^\/[\w-]+_[\w-]+\/\.well-known\/(jwks\.json|openid-configuration)$/;

/**
 * The actions that act on the user an access token names. cognito-local only decodes that token, so a forged
 * one would read or change anyone's account: the door checks its signature first, as Cognito does.
 */
const ACCESS_TOKEN_ACTIONS: ReadonlySet<string> = new Set([
  'GetUser',
  'ChangePassword',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
]);

type Handle = (req: IncomingMessage, res: ServerResponse) => void;

export type CognitoPublicDoorOptions = {
  /** cognito-local's own handler (the prefix already removed from the URL). */
  readonly handle: Handle;
  /** Checks access tokens: issued by this pool to its app client, not expired. */
  readonly accessTokens: TokenVerifier;
  readonly publicUrl: string | null;
};

/** Cognito's error shape; the SDK reads `__type` (and the header) as the error's name. */
function cognitoError(res: ServerResponse, status: number, type: string, message: string, extra = {}) {
  writeJson(res, status, { __type: type, message }, { 'x-amzn-errortype': type, ...extra });
}

/**
 * Rewrites what cognito-local answers on its way out: no `*` CORS (the site's own origin only), and anything
 * that is not a JSON error of Cognito's shape (an HTML error page with a stack, a serialized exception)
 * replaced by one.
 */
function guardAnswer(res: ServerResponse, cors: Record<string, string>): void {
  const end = res.end.bind(res) as (
    chunk?: unknown,
    encoding?: unknown,
    callback?: unknown,
  ) => ServerResponse;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (res.headersSent) return end(chunk, encoding, callback);
    for (const name of res.getHeaderNames()) {
      if (name.startsWith('access-control-')) res.removeHeader(name);
    }
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    const type = String(res.getHeader('content-type') ?? '');
    const text = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? chunk.toString() : '';
    if (res.statusCode < 400) return end(chunk, encoding, callback);
    let body: Record<string, unknown> | null = null;
    try {
      body = /json/.test(type) ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {}
    const shaped =
      typeof body?.__type === 'string' && typeof body.message === 'string' && Object.keys(body).length === 2;
    if (shaped && res.statusCode < 500) return end(chunk, encoding, callback);
    const replacement = JSON.stringify(
      res.statusCode >= 500
        ? {
            __type: shaped ? body?.__type : 'InternalErrorException',
            message: 'The local sign-in service failed: see the terminal running npm start.',
          }
        : { __type: 'InvalidParameterException', message: 'The request was not understood.' },
    );
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', String(Buffer.byteLength(replacement)));
    res.removeHeader('etag');
    return end(replacement, 'utf8', typeof encoding === 'function' ? encoding : callback);
  }) as typeof res.end;
}

/** Serves `/cognito/*` (prefix removed) to anyone: browser actions in, everything else refused. */
export function cognitoPublicDoor({ handle, accessTokens, publicUrl }: CognitoPublicDoorOptions) {
  const valid = (token: string) =>
    accessTokens.verify(token).then(
      () => true,
      () => false,
    );
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'OPTIONS') {
      answerPreflight(req, res, publicUrl, {
        methods: 'POST',
        headers:
          'content-type, x-amz-target, x-amz-user-agent, cache-control, amz-sdk-invocation-id, amz-sdk-request',
      });
      return;
    }
    const cors = corsHeaders(req, publicUrl);
    if (isCrossOrigin(req, publicUrl)) {
      refuseUnread(req, res, 403, {
        __type: 'AccessDeniedException',
        message: 'The local sign-in service answers only pages of this site.',
      });
      return;
    }
    if (req.method === 'GET' && PUBLIC_GET.test(path)) {
      guardAnswer(res, cors);
      handle(req, res);
      return;
    }
    if (req.method !== 'POST' || path !== '/') {
      refuseUnread(req, res, 403, {
        __type: 'AccessDeniedException',
        message: 'Only the sign-in actions of a browser are served here.',
      });
      return;
    }
    const action = TARGET.exec(String(req.headers['x-amz-target'] ?? ''))?.[1];
    if (!action || !BROWSER_COGNITO_ACTIONS.has(action)) {
      refuseUnread(
        req,
        res,
        403,
        {
          __type: 'AccessDeniedException',
          message: `${action ?? 'This action'} is not available without AWS credentials: the local sign-in service takes only the actions a browser makes.`,
        },
        { 'x-amzn-errortype': 'AccessDeniedException', ...cors },
      );
      return;
    }
    const parsed = await cognitoBody(req, res, cors);
    if (parsed === null) return;
    const accessToken = (parsed as { AccessToken?: unknown }).AccessToken;
    if (
      ACCESS_TOKEN_ACTIONS.has(action) &&
      (typeof accessToken !== 'string' || !(await valid(accessToken)))
    ) {
      cognitoError(res, 400, 'NotAuthorizedException', 'Invalid Access Token', cors);
      return;
    }
    // The body is read: cognito-local's body parser sees a finished request and keeps this one.
    (req as IncomingMessage & { body?: unknown }).body = parsed;
    guardAnswer(res, cors);
    handle(req, res);
  };
}

/**
 * The loopback door's cognito: every action (the handlers are its administrators), errors still JSON, its
 * body read here within the same cap and pace as the public door's (cognito-local's parser keeps it).
 */
export function cognitoInternalDoor(handle: Handle) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'POST') {
      const parsed = await cognitoBody(req, res, {});
      if (parsed === null) return;
      (req as IncomingMessage & { body?: unknown }).body = parsed;
    }
    guardAnswer(res, {});
    handle(req, res);
  };
}

/**
 * A Cognito request's JSON object, read within MAX_COGNITO_BODY_BYTES at the API's pace (a body that
 * trickles gets 408 after about 10 s instead of holding the connection until Node's 5-minute timeout), or
 * null once refused (413, 408, 400) or its client went away.
 */
async function cognitoBody(
  req: IncomingMessage,
  res: ServerResponse,
  cors: Record<string, string>,
): Promise<Record<string, unknown> | null> {
  let body: Buffer;
  try {
    body = await readBody(req, MAX_COGNITO_BODY_BYTES, API_BODY_PACE);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      refuseUnread(req, res, 413, {
        __type: 'RequestEntityTooLargeException',
        message: `The request is too large: ${MAX_COGNITO_BODY_BYTES / 1024} KB at most.`,
      });
    } else if (error instanceof BodyTimeoutError) {
      refuseUnread(req, res, 408, { __type: 'RequestTimeoutException', message: BODY_TIMEOUT_MESSAGE }, cors);
    } else if (error instanceof BodyAbortedError) res.destroy();
    else throw error;
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    cognitoError(res, 400, 'SerializationException', 'The request body is not JSON.', cors);
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    cognitoError(res, 400, 'SerializationException', 'The request body is not a JSON object.', cors);
    return null;
  }
  return parsed as Record<string, unknown>;
}
