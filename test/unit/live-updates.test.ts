/**
 * Live updates without the runtime: the publisher signs and sends exactly what AppSync Events takes, the
 * stand-in checks that signature and delivers to matching subscriptions only, and a publish that fails
 * never fails the write it reports.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { UnauthorizedError } from '#core/errors';
import type { Message } from '#core/messages/message';
import { AppSyncEventsPublisher } from '../../lambdas/adapters/aws/appsync-events-publisher';
import type { MessageEvents } from '../../lambdas/ports/message-events';
import { changeMessage, createMessage } from '../../lambdas/use-cases/message-changes';
import {
  channelMatches,
  createAppSyncEvents,
  type SubscribeHandler,
} from '../../local/stand-ins/appsync-events';
import { InMemoryMessages, testClock } from '../support/in-memory-ports';
import { pendingMessage } from '../support/messages';

const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
/** The channel the fake onSubscribe handler below lets administrators watch. */
const CHANNEL = '/messages/now';

const message = (overrides: Partial<Message> = {}) =>
  pendingMessage({ id: 'm1', audio_url: 'audio/m1.wav', ...overrides });

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Lets the account `a` (the "admin" token) watch CHANNEL, and nobody anything else. */
const onlyAdminsOnChannel: SubscribeHandler = async (event) =>
  event.identity.sub === 'a' && event.info.channel.path === CHANNEL ? null : { error: 'not for you' };

/**
 * The stand-in on a free port, with tokens "admin" (in admins) and "reader" (not); `isMember` stands for the
 * user directory, `onSubscribe` for the messages namespace's handler.
 */
async function standIn(
  options: Partial<Pick<Parameters<typeof createAppSyncEvents>[0], 'isMember'>> & {
    readonly onSubscribe?: SubscribeHandler;
  } = {},
) {
  const events = createAppSyncEvents({
    ...(options.isMember ? { isMember: options.isMember } : {}),
    checkedGroups: ['admins'],
    onSubscribe: { messages: options.onSubscribe ?? onlyAdminsOnChannel },
    verifier: {
      verify: async (token) => {
        if (token === 'admin') return { userId: 'a', email: null, groups: ['admins'], issuedAt: 0 };
        if (token === 'reader') return { userId: 'r', email: null, groups: [], issuedAt: 0 };
        throw new UnauthorizedError('no');
      },
    },
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

/** A publisher to the stand-in at `url`, signing with its credentials, publishing on CHANNEL. */
const publisherAt = (url: string, credentials = CREDENTIALS) =>
  new AppSyncEventsPublisher({
    httpEndpoint: `${url}/event`,
    region: 'us-east-1',
    credentials,
    channel: async () => CHANNEL,
  });

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
    expect(channelMatches('/other/*', '/other/all')).toBe(true);
    expect(channelMatches('/messages/*', '/messages/all')).toBe(true);
    expect(channelMatches('/messages/*', '/messages')).toBe(false);
    expect(channelMatches('/messages/all', '/messages/other')).toBe(false);
    expect(channelMatches('/messages/*', '/messagesx/all')).toBe(false);
  });
});

describe('the publisher and the stand-in', () => {
  it('publishes a signed change that reaches an administrator’s subscription as {type, message}', async () => {
    const { url } = await standIn();
    const admin = await subscriber(url, 'admin', CHANNEL);
    expect(admin.find((f) => f.id === 's')?.type).toBe('subscribe_success');
    const publisher = publisherAt(url);
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
    const reader = await subscriber(url, 'reader', CHANNEL);
    expect(reader.find((f) => f.id === 's')?.type).toBe('subscribe_error');
    const elsewhere = await subscriber(url, 'admin', '/other/all');
    expect(elsewhere.find((f) => f.id === 's')?.type).toBe('subscribe_success');
    const publisher = publisherAt(url);
    await publisher.publish({ type: 'created', message: message() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reader.some((f) => f.type === 'data')).toBe(false);
    expect(elsewhere.some((f) => f.type === 'data')).toBe(false);
  });

  it('fails a publish signed with other credentials, and says why without any secret', async () => {
    const { url } = await standIn();
    const publisher = publisherAt(url, { accessKeyId: 'local', secretAccessKey: 'wrong-secret-value' });
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

describe('the onSubscribe handler, as AppSync runs it', () => {
  it('is asked with the event AppSync sends, and its {error} or its failure refuses', async () => {
    const asked: Parameters<SubscribeHandler>[0][] = [];
    let fail = false;
    const { url } = await standIn({
      onSubscribe: async (event) => {
        asked.push(event);
        if (fail) throw new Error('directory down');
        return onlyAdminsOnChannel(event);
      },
    });
    const wildcard = await subscriber(url, 'admin', '/messages/*');
    expect(wildcard.find((f) => f.id === 's')?.type).toBe('subscribe_error');
    expect(asked[0]).toEqual({
      info: {
        operation: 'SUBSCRIBE',
        channel: { path: '/messages/*', segments: ['messages', '*'] },
        channelNamespace: { name: 'messages' },
      },
      identity: { sub: 'a', groups: ['admins'] },
    });
    fail = true;
    const failed = await subscriber(url, 'admin', CHANNEL);
    expect(failed.find((f) => f.id === 's')?.type).toBe('subscribe_error');
  });

  it('is never asked again for an open subscription: it keeps receiving, as in AWS', async () => {
    let allowed = true;
    const { url } = await standIn({ onSubscribe: async () => (allowed ? null : { error: 'no' }) });
    const open = await subscriber(url, 'admin', CHANNEL);
    allowed = false;
    const publisher = publisherAt(url);
    await publisher.publish({ type: 'created', message: message() });
    await expect.poll(() => open.some((f) => f.type === 'data')).toBe(true);
  });
});

describe('membership asked of the user directory on connect', () => {
  it('refuses a token that claims the admins group the account has left, and one the directory cannot vouch for', async () => {
    let answer: 'yes' | 'no' | 'down' = 'yes';
    const { url } = await standIn({
      isMember: async () => {
        if (answer === 'down') throw new Error('directory down');
        return answer === 'yes';
      },
    });
    const member = await attempt(url, 'admin', CHANNEL);
    expect(member.some((f) => f.type === 'connection_ack')).toBe(true);
    for (const state of ['no', 'down'] as const) {
      answer = state;
      const refused = await attempt(url, 'admin', CHANNEL);
      expect(refused.some((f) => f.type === 'connection_ack')).toBe(false);
      expect(refused.some((f) => f.type === 'connection_error')).toBe(true);
    }
    // A token without the group is not asked about: it connects (and its subscriptions are the handler's).
    const reader = await attempt(url, 'reader', CHANNEL);
    expect(reader.some((f) => f.type === 'connection_ack')).toBe(true);
  });
});
