/**
 * What API Gateway (HTTP API, payload format 2.0) does between a client and a Lambda handler, done locally:
 * turn a Node request into the same event shape, call the handler, turn its result into the response.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type LambdaHttpHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Bodies API Gateway passes as text; everything else (binary uploads, and form posts such as Twilio's
 * webhooks) arrives base64-encoded, as in AWS, so the handlers' decoding is exercised locally too.
 */
const TEXT_TYPES = /^(text\/|application\/(json|[\w.+-]+\+json|xml|javascript)\b)/i;

/** Largest body the local gateway accepts: above the service's own 25 MB audio limit, so handlers decide. */
export const MAX_LOCAL_BODY_BYTES = 30 * 1024 * 1024;

/** The body passed the limit (declared or as it streamed in): answer 413; nothing more was kept. */
export class BodyTooLargeError extends Error {}
/** The body came too slowly (see BodyPace): answer 408. */
export class BodyTimeoutError extends Error {}
/** What every door answers with its 408 (in its own error shape). */
export const BODY_TIMEOUT_MESSAGE = 'The request body took too long to arrive: send the request again.';
/** The client went away before its body ended: there is nobody to answer. */
export class BodyAbortedError extends Error {}

/**
 * How long a body may take: `graceMs`, plus a second for every `minBytesPerSecond` that arrived (Apache's
 * mod_reqtimeout rule, `body=10,MinRate=...`). An upload that keeps coming at that pace is never cut off,
 * however large; a body that stops, or trickles in a byte at a time to hold a connection, is.
 */
export type BodyPace = { readonly graceMs: number; readonly minBytesPerSecond: number };

/** 10 s, then 16 KB a second (128 kbit/s: a poor mobile uplink still sends a 25 MB upload in time). */
export const API_BODY_PACE: BodyPace = { graceMs: 10_000, minBytesPerSecond: 16 * 1024 };

/**
 * Reads the whole body, refusing past `maxBytes` (at once from a declared length, else as soon as the streamed
 * size passes it) without keeping the rest, and past the `pace` when one is given. After a refusal the rest
 * of the body is left unread: answer, then let it drain or close the connection.
 */
export function readBody(
  req: IncomingMessage,
  maxBytes = MAX_LOCAL_BODY_BYTES,
  pace?: BodyPace,
): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new BodyTooLargeError());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    const settle = (error?: Error) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        chunks.length = 0;
        settle(new BodyTooLargeError());
      } else chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onGone = () => settle(new BodyAbortedError());
    if (pace) {
      const deadline = () => started + pace.graceMs + (size / pace.minBytesPerSecond) * 1000;
      const check = () => {
        const left = deadline() - performance.now();
        if (left <= 0) settle(new BodyTimeoutError());
        else timer = setTimeout(check, left);
      };
      check();
    }
    req.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
  });
}

/**
 * The API Gateway v2 event for this request, with `routeKey` and `rawPath` as the route defines them and the
 * values of its `{name}` segments as `pathParameters`.
 */
export function toApiGatewayEvent(
  req: IncomingMessage,
  body: Buffer,
  routeKey: string,
  url: URL,
  pathParameters: Readonly<Record<string, string>> = {},
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') {
      cookies.push(...String(value).split(/;\s*/).filter(Boolean));
      continue;
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    // API Gateway joins repeated parameters with commas.
    query[key] = key in query ? `${query[key]},${value}` : value;
  }
  const contentType = headers['content-type'] ?? '';
  const isText = body.byteLength === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  const method = (req.method ?? 'GET').toUpperCase();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters: { ...pathParameters } } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.byteLength
      ? { body: isText ? body.toString('utf8') : body.toString('base64'), isBase64Encoded: !isText }
      : { isBase64Encoded: false }),
  };
}

/** Writes a handler's result the way API Gateway does (including base64 bodies and cookies). */
export function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body
    ? result.isBase64Encoded
      ? Buffer.from(result.body, 'base64')
      : Buffer.from(result.body, 'utf8')
    : Buffer.alloc(0);
  headers['content-length'] = String(body.byteLength);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}

/** A JSON error the way the service's own error mapper writes one. */
export function writeJsonError(res: ServerResponse, status: number, message: string, extra = {}): void {
  writeResult(res, {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
    body: JSON.stringify({ error: message }),
  });
}
