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
 *   subscribing to a namespace with an onSubscribe handler asks that handler (the same function AppSync
 *   invokes there, with the event AppSync sends: `{info: {operation, channel, channelNamespace}, identity}`);
 *   a handler that throws refuses the subscription, as a failed Lambda does. Channels match AppSync's way:
 *   `/messages/*` covers `/messages/abc`.
 *
 * - Doors as AppSync keeps them: a connection that has not sent `connection_init` with a valid token within
 *   `authTimeoutMs` is closed, frames above `maxFrameBytes` close the connection (ws `maxPayload`), and a
 *   publish body is capped before it is read.
 * - Like AppSync, an open subscription is never checked again and nothing closes it but the client or the
 *   network: a removed administrator's page is cut off by the channel moving (core/messages/live-updates.ts). On
 *   connect, a token that claims a checked group the account no longer has is refused.
 *
 * `stop()` closes every connection and refuses new ones until `start()`: what a dropped network looks like
 * to the browser (tests and the benchmark use it through the runtime's `/_local/realtime/` routes).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AwsCredentialIdentity } from '@smithy/types';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Caller, TokenVerifier } from '../../lambdas/ports/token-verifier';
import { publishOverHttp, UNAUTHORIZED } from './appsync-events-publish';

export const EVENTS_HTTP_PATH = '/event';
export const EVENTS_REALTIME_PATH = '/event/realtime';
const PROTOCOL = 'aws-appsync-event-ws';
const KEEP_ALIVE_MS = 30_000;
/** Amplify counts a connection dead after this long without a message (AppSync's value). */
const CONNECTION_TIMEOUT_MS = 300_000;
/** How long a new connection may take to authenticate (AppSync allows a few seconds too). */
const DEFAULT_AUTH_TIMEOUT_MS = 5_000;
/** A browser's frames are `connection_init`, `subscribe` (a token of a few KB) and `unsubscribe`. */
const DEFAULT_MAX_FRAME_BYTES = 64 * 1024;

/** The part of AppSync's onSubscribe event this service reads (lambdas/handlers/appsync/events.ts). */
export type SubscribeHandler = (event: {
  readonly info: {
    readonly operation: 'SUBSCRIBE';
    readonly channel: { readonly path: string; readonly segments: readonly string[] };
    readonly channelNamespace: { readonly name: string };
  };
  readonly identity: { readonly sub: string; readonly groups: readonly string[] };
}) => Promise<{ readonly error: string } | null>;

export type AppSyncEventsOptions = {
  /** Checks the Cognito tokens browsers connect and subscribe with (ID or access tokens of the app client). */
  readonly verifier: TokenVerifier;
  /** Each namespace's onSubscribe handler: `{ messages: handler }`. A namespace without one is open to all. */
  readonly onSubscribe: Readonly<Record<string, SubscribeHandler>>;
  /** Groups whose claim in a connecting token is asked of `isMember` (a removed member's token is refused). */
  readonly checkedGroups?: readonly string[];
  /** What publishers sign with (the local runtime gives its functions the same pair). */
  readonly credentials: AwsCredentialIdentity;
  readonly region: string;
  /** Told about refused requests (never with a token). */
  readonly log?: (line: string) => void;
  /**
   * Whether an account is in a group right now (the user directory). Without it the token's groups claim
   * is trusted, as a token verifier alone would.
   */
  readonly isMember?: (userId: string, group: string) => Promise<boolean>;
  /** @default 5 s */
  readonly authTimeoutMs?: number;
  /** @default 64 KB */
  readonly maxFrameBytes?: number;
};

type Subscription = { readonly id: string; readonly channel: string };
type Connection = {
  readonly socket: WebSocket;
  caller: Caller | null;
  subscriptions: Map<string, Subscription>;
};
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
  const connections = new Set<Connection>();
  let accepting = true;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
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

  const checkedGroups = new Set(options.checkedGroups ?? []);
  /** Whether the account is in the group now; a question the directory could not answer is a no. */
  const isMember = async (caller: Caller, group: string): Promise<boolean> => {
    if (!options.isMember) return caller.groups.includes(group);
    try {
      return await options.isMember(caller.userId, group);
    } catch (error) {
      log(`Live updates: group membership could not be checked (${(error as Error).message})`);
      return false;
    }
  };
  /** A token that claims a checked group the account has lost is a removed member's old token. */
  const claimsStillHeld = async (caller: Caller) => {
    for (const group of caller.groups) {
      if (checkedGroups.has(group) && !(await isMember(caller, group))) return false;
    }
    return true;
  };
  /** The namespace's onSubscribe handler decides; one that fails refuses, as a failed Lambda does. */
  const maySubscribe = async (caller: Caller, channel: string): Promise<boolean> => {
    const namespace = namespaceOf(channel);
    const handler = options.onSubscribe[namespace];
    if (!handler) return true;
    try {
      const answer = await handler({
        info: {
          operation: 'SUBSCRIBE',
          channel: { path: channel, segments: channel.split('/').filter(Boolean) },
          channelNamespace: { name: namespace },
        },
        identity: { sub: caller.userId, groups: caller.groups },
      });
      return answer === null;
    } catch (error) {
      log(`Live updates: the ${namespace} subscribe check failed (${(error as Error).message})`);
      return false;
    }
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
        const caller = await identify(connectionAuth);
        connection.caller = caller && (await claimsStillHeld(caller)) ? caller : null;
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
        if (!caller || !(await maySubscribe(caller, channel))) {
          log(`Live updates: a subscription to ${channel} was refused`);
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
    const authTimeoutMs = options.authTimeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
    const authDeadline = setTimeout(() => {
      if (connection.caller) return;
      log('Live updates: a connection that did not sign in in time was closed');
      send(connection, {
        type: 'connection_error',
        errors: [
          {
            errorType: 'UnauthorizedException',
            message: `No connection_init with a valid token within ${authTimeoutMs / 1000} s.`,
          },
        ],
      });
      socket.close(1008, 'Unauthorized');
    }, authTimeoutMs);
    authDeadline.unref();
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
      clearTimeout(authDeadline);
      connections.delete(connection);
    });
    socket.on('error', () => socket.terminate());
  });

  return {
    handleHttp: publishOverHttp({
      credentials: options.credentials,
      region: options.region,
      log,
      deliver(channel, event) {
        for (const connection of connections) {
          for (const subscription of connection.subscriptions.values()) {
            if (channelMatches(subscription.channel, channel)) {
              send(connection, { type: 'data', id: subscription.id, event });
            }
          }
        }
      },
    }),

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
