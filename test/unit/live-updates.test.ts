/**
 * Live updates without the runtime: the publisher signs and sends exactly what AppSync Events takes, the
 * stand-in checks that signature and delivers to matching subscriptions only, and a publish that fails
 * never fails the write it reports.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { AppSyncEventsPublisher } from '../../lambdas/adapters/aws/appsync-events-publisher';
import { UnauthorizedError } from '../../lambdas/core/errors';
import { MESSAGES_CHANNEL } from '../../lambdas/core/live-updates';
import type { Message } from '../../lambdas/core/schemas';
import type { MessageEvents } from '../../lambdas/ports/message-events';
import { changeMessage, createMessage } from '../../lambdas/use-cases/message-changes';
import { channelMatches, createAppSyncEvents } from '../../local/stand-ins/appsync-events';
import { InMemoryMessages, testClock } from '../support/in-memory-ports';
import { pendingMessage } from '../support/messages';

const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

const message = (overrides: Partial<Message> = {}) =>
  pendingMessage({ id: 'm1', audio_url: 'audio/m1.wav', ...overrides });

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * The stand-in on a free port, with tokens "admin" (in admins) and "reader" (not); `isMember` stands for the
 * user directory.
 */
async function standIn(directory: Pick<Parameters<typeof createAppSyncEvents>[0], 'isMember'> = {}) {
  const events = createAppSyncEvents({
    ...directory,
    recheckIntervalMs: 50,
    verifier: {
      verify: async (token) => {
        if (token === 'admin') return { userId: 'a', email: null, groups: ['admins'] };
        if (token === 'reader') return { userId: 'r', email: null, groups: [] };
        throw new UnauthorizedError('no');
      },
    },
    subscribeGroups: { messages: 'admins' },
    credentials: CREDENTIALS,
    region: 'us-east-1',
  });
  const server: Server = createServer((req, res) => void events.handleHttp(req, res));
  server.on('upgrade', (req, socket, head) => events.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  closers.push(async () => {
    await events.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { events, url: `http://127.0.0.1:${port}` };
}

async function subscriber(url: string, token: string, channel: string) {
  const frames = await attempt(url, token, channel);
  await expect.poll(() => frames.some((f) => f.id === 's')).toBe(true);
  return frames;
}

/** Connects and subscribes; resolves with the frames once the subscription or the connection is answered. */
async function attempt(url: string, token: string, channel: string) {
  const header = Buffer.from(JSON.stringify({ Authorization: token })).toString('base64url');
  const socket = new WebSocket(`${url.replace('http', 'ws')}/event/realtime`, [
    'aws-appsync-event-ws',
    `header-${header}`,
  ]);
  closers.push(async () => socket.terminate());
  const frames: { type: string; id?: string; event?: string }[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init' }));
  socket.send(
    JSON.stringify({ type: 'subscribe', id: 's', channel, authorization: { Authorization: token } }),
  );
  await expect.poll(() => frames.some((f) => f.id === 's' || f.type === 'connection_error')).toBe(true);
  return frames;
}

describe('channel matching (AppSync Events wildcards)', () => {
  it('matches a channel exactly, or everything below a /* subscription', () => {
    expect(channelMatches('/messages/all', '/messages/all')).toBe(true);
    expect(channelMatches('/messages/*', '/messages/all')).toBe(true);
    expect(channelMatches('/messages/*', '/messages')).toBe(false);
    expect(channelMatches('/messages/all', '/messages/other')).toBe(false);
    expect(channelMatches('/messages/*', '/messagesx/all')).toBe(false);
  });
});

describe('the publisher and the stand-in', () => {
  it('publishes a signed change that reaches an administrator’s subscription as {type, message}', async () => {
    const { url } = await standIn();
    const admin = await subscriber(url, 'admin', '/messages/*');
    expect(admin.find((f) => f.id === 's')?.type).toBe('subscribe_success');
    const publisher = new AppSyncEventsPublisher({
      httpEndpoint: `${url}/event`,
      region: 'us-east-1',
      credentials: CREDENTIALS,
    });
    await publisher.publish({ type: 'created', message: message() });
    await publisher.publish({ type: 'updated', message: message({ status: 'processing' }) });
    await expect.poll(() => admin.filter((f) => f.type === 'data').length).toBe(2);
    const events = admin.filter((f) => f.type === 'data').map((f) => JSON.parse(f.event!));
    expect(events).toEqual([
      { type: 'insert', message: message() },
      { type: 'update', message: message({ status: 'processing' }) },
    ]);
  });

  it('does not deliver to a reader (refused) or to another channel', async () => {
    const { url } = await standIn();
    const reader = await subscriber(url, 'reader', MESSAGES_CHANNEL);
    expect(reader.find((f) => f.id === 's')?.type).toBe('subscribe_error');
    const elsewhere = await subscriber(url, 'admin', '/messages/other');
    const publisher = new AppSyncEventsPublisher({
      httpEndpoint: `${url}/event`,
      region: 'us-east-1',
      credentials: CREDENTIALS,
    });
    await publisher.publish({ type: 'created', message: message() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reader.some((f) => f.type === 'data')).toBe(false);
    expect(elsewhere.some((f) => f.type === 'data')).toBe(false);
  });

  it('fails a publish signed with other credentials, and says why without any secret', async () => {
    const { url } = await standIn();
    const publisher = new AppSyncEventsPublisher({
      httpEndpoint: `${url}/event`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'wrong-secret-value' },
    });
    const failure = publisher.publish({ type: 'created', message: message() });
    await expect(failure).rejects.toThrow(/^AppSync Events refused the publish \(401\)/);
    await expect(failure).rejects.not.toThrow(/wrong-secret-value/);
  });
});

describe('a message change whose publish fails', () => {
  const failing: MessageEvents = {
    publish: async () => {
      throw new Error('AppSync Events refused the publish (503)');
    },
  };

  it('is still written, and the failure is reported, not thrown', async () => {
    const messages = new InMemoryMessages();
    const reported: unknown[] = [];
    const deps = {
      messages,
      events: failing,
      clock: testClock(),
      onPublishError: (e: unknown) => reported.push(e),
    };
    expect(await createMessage(deps, message())).toBe(true);
    const moved = await changeMessage(deps, 'm1', { to: 'processing' });
    expect(moved?.status).toBe('processing');
    expect((await messages.get('m1'))?.status).toBe('processing');
    expect(reported).toHaveLength(2);
  });
});

describe('membership asked of the user directory', () => {
  it('closes an open subscription once the account left the group, and refuses its token on a new connection', async () => {
    let admin = true;
    const { url, events } = await standIn({ isMember: async () => admin });
    const frames = await subscriber(url, 'admin', MESSAGES_CHANNEL);
    expect(frames.find((f) => f.id === 's')?.type).toBe('subscribe_success');
    admin = false;
    await expect.poll(() => events.connections()).toBe(0);
    expect(frames.some((f) => f.type === 'connection_error')).toBe(true);
    const again = await attempt(url, 'admin', MESSAGES_CHANNEL);
    expect(again.some((f) => f.type === 'connection_ack')).toBe(false);
    expect(again.some((f) => f.type === 'subscribe_success')).toBe(false);
  });

  it('keeps open subscriptions while the directory cannot answer, but lets no administrator in anew', async () => {
    let down = false;
    let unanswered = 0;
    const { url, events } = await standIn({
      isMember: async () => {
        if (down) {
          unanswered += 1;
          throw new Error('directory down');
        }
        return true;
      },
    });
    const open = await subscriber(url, 'admin', MESSAGES_CHANNEL);
    expect(open.find((f) => f.id === 's')?.type).toBe('subscribe_success');
    down = true;
    const refused = await attempt(url, 'admin', MESSAGES_CHANNEL);
    expect(refused.some((f) => f.type === 'subscribe_success')).toBe(false);
    // Several re-check rounds later, the first connection is still open.
    await expect.poll(() => unanswered).toBeGreaterThan(5);
    expect(events.connections()).toBe(1);
    expect(open.some((f) => f.type === 'connection_error')).toBe(false);
  });
});
