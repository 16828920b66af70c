/**
 * Live updates in tests and benchmarks against a started local runtime: a client of the events protocol (the
 * `ws` package standing in for the browser) and the pipeline's own write path (the messages table and the
 * publisher signed with the credentials this start of the runtime gave its functions, as IAM in AWS).
 */
import { readFile } from 'node:fs/promises';
import { WebSocket } from 'ws';
import { liveChannelPath, liveChannelSchema } from '#core/messages/live-updates';
import { AppSyncEventsPublisher } from '../../lambdas/adapters/aws/appsync-events-publisher';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoLiveChannelStore } from '../../lambdas/adapters/aws/dynamo-live-channel-store';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { systemClock } from '../../lambdas/ports/clock';
import type { MessageChangeDeps } from '../../lambdas/use-cases/message-changes';
import type { RunningRuntime } from './local-runtime';

export type EventFrame = Record<string, unknown> & { type: string; id?: string };

export type EventsClient = {
  readonly socket: WebSocket;
  /** Every frame received, in order. */
  readonly frames: EventFrame[];
  /** The close code once the socket closed, else null. */
  closeCode(): number | null;
};

/** Opens the realtime socket with `token` in its header (none when null) and, unless told not to, signs in. */
export async function openEventsClient(
  runtime: RunningRuntime,
  token: string | null,
  { init = true }: { readonly init?: boolean } = {},
): Promise<EventsClient> {
  const header = Buffer.from(
    JSON.stringify({ ...(token ? { Authorization: token } : {}), host: new URL(runtime.url).host }),
  ).toString('base64url');
  const socket = new WebSocket(runtime.info.events.realtimeEndpoint, [
    'aws-appsync-event-ws',
    `header-${header}`,
  ]);
  const frames: EventFrame[] = [];
  let closeCode: number | null = null;
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as EventFrame));
  socket.on('close', (code) => {
    closeCode = code;
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (init) socket.send(JSON.stringify({ type: 'connection_init' }));
  return { socket, frames, closeCode: () => closeCode };
}

/** The channel the live list is on now, as an administrator's dashboard asks for it. */
export async function currentLiveChannel(runtime: RunningRuntime, idToken: string): Promise<string> {
  const response = await fetch(`${runtime.url}/api/live-channel`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (!response.ok) throw new Error(`GET /api/live-channel answered ${response.status}`);
  return liveChannelSchema.parse(await response.json()).channel;
}

/** Sends `subscribe` for `channel` with `token` on an open, signed-in client. */
export function subscribe(client: EventsClient, id: string, channel: string, token: string): void {
  client.socket.send(
    JSON.stringify({ type: 'subscribe', id, channel, authorization: { Authorization: token } }),
  );
}

/** Creates and changes messages the way the functions do, publishing each change; a failed publish throws. */
export async function runtimeMessageChanges(runtime: RunningRuntime): Promise<MessageChangeDeps> {
  const db = createDocumentClient({ region: runtime.info.region, endpoint: runtime.info.dynamodb.endpoint });
  const channels = new DynamoLiveChannelStore(db, runtime.info.tables.settings);
  return {
    messages: new DynamoMessageRepository(db, runtime.info.tables.messages),
    events: new AppSyncEventsPublisher({
      httpEndpoint: runtime.info.events.httpEndpoint,
      region: runtime.info.region,
      credentials: JSON.parse(await readFile(runtime.info.events.credentialsFile, 'utf8')),
      channel: async () => liveChannelPath(await channels.current()),
    }),
    clock: systemClock,
    onPublishError: (error) => {
      throw error;
    },
  };
}
