/**
 * AppSync Events on this machine: a small stand-in of its protocol, so Amplify's `events` client runs
 * unchanged in the browser and the functions publish exactly as they do in AWS.
 *
 * - `POST /event`: publish `{channel, events: [json string]}`, signed with SigV4 (IAM: the only way to
 *   publish, as in AWS); the signature is checked with the local credentials the functions sign with.
 * - WebSocket `/event/realtime`, subprotocols `aws-appsync-event-ws` and `header-<base64url JSON>` carrying
 *   `Authorization` (a Cognito token of this runtime's user pool): `connection_init` -> `connection_ack`,
 *   `ka` every 30 s, `subscribe` -> `subscribe_success` | `subscribe_error`, `data`, `unsubscribe` ->
 *   `unsubscribe_success`, `publish` -> `publish_error` (browsers may not publish here).
 * - The same rules as the deployed API (lib/constructs/live-updates.ts): connecting needs a valid token;
 *   subscribing to the messages namespace needs membership of the admins group (there an onSubscribe handler
 *   checks it). Channels match AppSync's way: `/messages/*` covers `/messages/all`.
 *
 * `stop()` closes every connection and refuses new ones until `start()`: what a dropped network looks like
 * to the browser (tests and the benchmark use it through the runtime's `/_local/realtime/` routes).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity } from '@smithy/types';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Caller, TokenVerifier } from '../../lambdas/ports/token-verifier';

export const EVENTS_HTTP_PATH = '/event';
export const EVENTS_REALTIME_PATH = '/event/realtime';
const PROTOCOL = 'aws-appsync-event-ws';
const KEEP_ALIVE_MS = 30_000;
/** Amplify counts a connection dead after this long without a message (AppSync's value). */
const CONNECTION_TIMEOUT_MS = 300_000;
const MAX_PUBLISH_BYTES = 1_200_000;
/** AppSync Events takes at most 5 events per publish. */
const MAX_EVENTS_PER_PUBLISH = 5;

export type AppSyncEventsOptions = {
  /** Checks the Cognito tokens browsers connect and subscribe with (ID or access tokens of the app client). */
  readonly verifier: TokenVerifier;
  /** Namespaces whose subscribers must be in a group: `{ messages: 'admins' }`. */
  readonly subscribeGroups: Readonly<Record<string, string>>;
  /** What publishers sign with (the local runtime gives its functions the same pair). */
  readonly credentials: AwsCredentialIdentity;
  readonly region: string;
  /** Told about refused requests (never with a token). */
  readonly log?: (line: string) => void;
};

type Subscription = { readonly id: string; readonly channel: string };
type Connection = {
  readonly socket: WebSocket;
  caller: Caller | null;
  subscriptions: Map<string, Subscription>;
};
type ErrorItem = { readonly errorType: string; readonly message: string };

const UNAUTHORIZED: ErrorItem = {
  errorType: 'UnauthorizedException',
  message: 'You are not authorized to make this call.',
};

/** A channel path: `/namespace/segment...`, 1 to 5 segments after the namespace, letters, digits and `-`. */
const CHANNEL = /^\/[A-Za-z0-9-]{1,50}(\/[A-Za-z0-9-]{1,50}){0,4}$/;
/** A subscription may end in `/*`. */
const SUBSCRIPTION_CHANNEL = /^\/[A-Za-z0-9-]{1,50}(\/[A-Za-z0-9-]{1,50}){0,4}(\/\*)?$/;

/** Whether an event published on `channel` reaches a subscription to `pattern`. */
export function channelMatches(pattern: string, channel: string): boolean {
  if (!pattern.endsWith('/*')) return pattern === channel;
  const prefix = pattern.slice(0, -1);
  return channel.startsWith(prefix) && channel.length > prefix.length;
}

const namespaceOf = (channel: string) => channel.split('/')[1] ?? '';

/** The JSON inside the `header-` subprotocol (base64url, no padding). */
function decodeHeaderProtocol(protocols: Iterable<string>): Record<string, unknown> | null {
  for (const protocol of protocols) {
    if (!protocol.startsWith('header-')) continue;
    try {
      return JSON.parse(Buffer.from(protocol.slice('header-'.length), 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  }
  return null;
}

function bearer(authorization: unknown): string | null {
  if (typeof authorization !== 'string' || authorization.trim() === '') return null;
  return authorization.replace(/^Bearer\s+/i, '').trim();
}

export type AppSyncEvents = {
  /** `POST /event`. */
  handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** An upgrade request for `/event/realtime`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Drops every connection and refuses new ones until `start()`. */
  stop(): void;
  start(): void;
  /** Open WebSocket connections. */
  connections(): number;
  close(): Promise<void>;
};

export function createAppSyncEvents(options: AppSyncEventsOptions): AppSyncEvents {
  const log = options.log ?? (() => {});
  const signer = new SignatureV4({
    service: 'appsync',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
  });
  const connections = new Set<Connection>();
  let accepting = true;
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
  });

  const send = (connection: Connection, message: unknown) => {
    if (connection.socket.readyState === connection.socket.OPEN) {
      connection.socket.send(JSON.stringify(message));
    }
  };

  /** The caller a token belongs to, or null when it is missing or not valid. */
  const identify = async (authorization: unknown): Promise<Caller | null> => {
    const token = bearer(authorization);
    if (!token) return null;
    try {
      return await options.verifier.verify(token);
    } catch {
      return null;
    }
  };

  const maySubscribe = (caller: Caller, channel: string) => {
    const group = options.subscribeGroups[namespaceOf(channel)];
    return group === undefined || caller.groups.includes(group);
  };

  async function onMessage(connection: Connection, raw: string, connectionAuth: unknown) {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      send(connection, {
        type: 'error',
        errors: [{ errorType: 'BadRequestException', message: 'Not JSON.' }],
      });
      return;
    }
    const id = typeof message.id === 'string' ? message.id : undefined;
    switch (message.type) {
      case 'connection_init': {
        connection.caller = await identify(connectionAuth);
        if (!connection.caller) {
          log('Live updates: a connection without a valid sign-in was refused');
          send(connection, { type: 'connection_error', errors: [UNAUTHORIZED] });
          connection.socket.close(1008, 'Unauthorized');
          return;
        }
        send(connection, { type: 'connection_ack', connectionTimeoutMs: CONNECTION_TIMEOUT_MS });
        return;
      }
      case 'subscribe': {
        const channel = String(message.channel ?? '');
        if (!id || !SUBSCRIPTION_CHANNEL.test(channel)) {
          send(connection, {
            type: 'subscribe_error',
            id,
            errors: [{ errorType: 'BadRequestException', message: 'Invalid channel or subscription id.' }],
          });
          return;
        }
        const authorization = (message.authorization as Record<string, unknown> | undefined)?.Authorization;
        const caller = connection.caller ? await identify(authorization) : null;
        if (!caller || !maySubscribe(caller, channel)) {
          log(`Live updates: a subscription to ${channel} was refused (not an administrator)`);
          send(connection, { type: 'subscribe_error', id, errors: [UNAUTHORIZED] });
          return;
        }
        connection.subscriptions.set(id, { id, channel });
        send(connection, { type: 'subscribe_success', id });
        return;
      }
      case 'unsubscribe':
        if (id) connection.subscriptions.delete(id);
        send(connection, { type: 'unsubscribe_success', id });
        return;
      case 'publish':
        // Publishing needs IAM here, as in the deployed API: browsers subscribe only.
        send(connection, { type: 'publish_error', id, errors: [UNAUTHORIZED] });
        return;
      default:
        send(connection, {
          type: 'error',
          id,
          errors: [
            { errorType: 'UnsupportedOperation', message: `Unknown message type ${String(message.type)}.` },
          ],
        });
    }
  }

  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const header = decodeHeaderProtocol(
      String(req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim()),
    );
    const connection: Connection = { socket, caller: null, subscriptions: new Map() };
    connections.add(connection);
    const keepAlive = setInterval(() => send(connection, { type: 'ka' }), KEEP_ALIVE_MS);
    keepAlive.unref();
    // One message at a time, in order (checking a token is asynchronous): a subscribe sent right after
    // connection_init is handled once the connection is known.
    let handled = Promise.resolve();
    socket.on('message', (data) => {
      handled = handled
        .then(() => onMessage(connection, data.toString(), header?.Authorization))
        .catch((error: unknown) => {
          log(`Live updates: a message could not be handled (${(error as Error).message})`);
        });
    });
    socket.on('close', () => {
      clearInterval(keepAlive);
      connections.delete(connection);
    });
    socket.on('error', () => socket.terminate());
  });

  /** Whether the request carries a valid SigV4 signature by the publishers' credentials. */
  async function signedByPublisher(req: IncomingMessage, body: string): Promise<boolean> {
    const authorization = String(req.headers.authorization ?? '');
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/[^/]+\/appsync\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    const date = String(req.headers['x-amz-date'] ?? '');
    const dated = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
    if (!match || !dated || match[1] !== options.credentials.accessKeyId) return false;
    const signingDate = new Date(
      Date.UTC(+dated[1]!, +dated[2]! - 1, +dated[3]!, +dated[4]!, +dated[5]!, +dated[6]!),
    );
    // AppSync refuses signatures older (or newer) than 5 minutes.
    if (Math.abs(Date.now() - signingDate.getTime()) > 5 * 60_000) return false;
    const headers: Record<string, string> = {};
    for (const name of match[2]!.split(';')) headers[name] = String(req.headers[name] ?? '');
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const expected = await signer.sign(
      {
        method: req.method ?? 'POST',
        protocol: 'http:',
        hostname: url.hostname,
        path: url.pathname,
        query: {},
        headers,
        body,
      },
      { signingDate },
    );
    return String(expected.headers.authorization ?? '').endsWith(`Signature=${match[3]}`);
  }

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  return {
    async handleHttp(req, res) {
      if (req.method !== 'POST') {
        answer(res, 405, { errors: [{ errorType: 'BadRequestException', message: 'Publish with POST.' }] });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).byteLength;
        if (size > MAX_PUBLISH_BYTES) {
          answer(res, 413, { errors: [{ errorType: 'BadRequestException', message: 'Too large.' }] });
          return;
        }
        chunks.push(chunk as Buffer);
      }
      const body = Buffer.concat(chunks).toString('utf8');
      if (!(await signedByPublisher(req, body))) {
        log('Live updates: a publish without a valid SigV4 signature was refused');
        answer(res, 401, { errors: [UNAUTHORIZED] });
        return;
      }
      let parsed: { channel?: unknown; events?: unknown };
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        answer(res, 400, { errors: [{ errorType: 'BadRequestException', message: 'Not JSON.' }] });
        return;
      }
      const channel = String(parsed.channel ?? '');
      const events = parsed.events;
      if (
        !CHANNEL.test(channel) ||
        !Array.isArray(events) ||
        events.length === 0 ||
        events.length > MAX_EVENTS_PER_PUBLISH ||
        !events.every((e) => typeof e === 'string')
      ) {
        answer(res, 400, {
          errors: [
            { errorType: 'BadRequestException', message: 'Send {channel, events: [1 to 5 JSON strings]}.' },
          ],
        });
        return;
      }
      const successful: { identifier: string; index: number }[] = [];
      const failed: { identifier: string; index: number; code: number; message: string }[] = [];
      events.forEach((event: string, index) => {
        const identifier = randomUUID();
        try {
          JSON.parse(event);
        } catch {
          failed.push({ identifier, index, code: 400, message: 'The event is not valid JSON.' });
          return;
        }
        successful.push({ identifier, index });
        for (const connection of connections) {
          for (const subscription of connection.subscriptions.values()) {
            if (channelMatches(subscription.channel, channel)) {
              send(connection, { type: 'data', id: subscription.id, event });
            }
          }
        }
      });
      answer(res, 200, { successful, failed });
    },

    handleUpgrade(req, socket, head) {
      if (!accepting) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },

    stop() {
      accepting = false;
      for (const connection of connections) connection.socket.terminate();
    },

    start() {
      accepting = true;
    },

    connections: () => connections.size,

    async close() {
      accepting = false;
      for (const connection of connections) connection.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
