/**
 * The live channel of the local runtime, spoken to as AppSync Events is (the `ws` package stands in for the
 * browser): who may connect and subscribe, what a publish needs, and that a test upload's every change
 * arrives as `{type, message}` with the message exactly as the list shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Message } from '#core/messages/message';
import { currentLiveChannel, type EventFrame, openEventsClient } from '../support/live-events';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

let runtime: RunningRuntime;
const clips = new SpeechClips();
const sockets: WebSocket[] = [];

beforeAll(async () => {
  runtime = await startLocalRuntime();
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await runtime?.dispose();
  await clips.dispose();
});

/** The access token Amplify's events client sends (the API itself takes ID tokens). */
async function accessToken(email: string, password: string, group?: string): Promise<string> {
  await runtime.signIn(email, password, group);
  return (await runtime.tokens(email, password)).accessToken;
}

/** The channel an administrator's dashboard subscribes to now. */
const liveChannel = async () => currentLiveChannel(runtime, await runtime.adminToken());

type Frame = EventFrame;

/** A WebSocket client of the events protocol that records every frame. */
async function connect(token: string | null) {
  const { socket, frames } = await openEventsClient(runtime, token);
  sockets.push(socket);
  const next = async (predicate: (frame: Frame) => boolean): Promise<Frame> => {
    await expect.poll(() => frames.some(predicate), { timeout: 60_000 }).toBe(true);
    return frames.find(predicate)!;
  };
  return {
    socket,
    frames,
    next,
    subscribe: (id: string, channel: string) =>
      socket.send(
        JSON.stringify({ type: 'subscribe', id, channel, authorization: { Authorization: token } }),
      ),
  };
}

describe('the live channel', () => {
  it('refuses a connection without a token, or with a token that is not this pool’s', async () => {
    for (const token of [null, 'not-a-jwt']) {
      const client = await connect(token);
      const refused = await client.next((f) => f.type === 'connection_error');
      expect(refused.errors).toEqual([
        { errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' },
      ]);
      await expect.poll(() => client.socket.readyState).toBe(WebSocket.CLOSED);
    }
  });

  it('lets a signed-in user who is not an administrator connect, but not watch messages', async () => {
    const client = await connect(await accessToken('reader@example.com', 'reader-password-1'));
    await client.next((f) => f.type === 'connection_ack');
    client.subscribe('s1', await liveChannel());
    const refused = await client.next((f) => f.id === 's1');
    expect(refused).toMatchObject({
      type: 'subscribe_error',
      errors: [{ errorType: 'UnauthorizedException' }],
    });
    client.subscribe('s2', '/messages/*');
    expect(await client.next((f) => f.id === 's2')).toMatchObject({ type: 'subscribe_error' });
  });

  it('refuses publishing from a browser, and an unsigned publish over HTTP', async () => {
    const admin = await accessToken('watcher@example.com', 'watcher-password-1', 'admins');
    const client = await connect(admin);
    await client.next((f) => f.type === 'connection_ack');
    client.socket.send(
      JSON.stringify({
        type: 'publish',
        id: 'p1',
        channel: await liveChannel(),
        events: [JSON.stringify({ type: 'insert', message: { id: 'forged' } })],
        authorization: { Authorization: admin },
      }),
    );
    expect(await client.next((f) => f.id === 'p1')).toMatchObject({ type: 'publish_error' });
    const unsigned = await fetch(runtime.info.events.httpEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin },
      body: JSON.stringify({ channel: await liveChannel(), events: ['{}'] }),
    });
    expect(unsigned.status).toBe(401);
  });

  it('refuses an administrator a pattern or a channel that is not the current one', async () => {
    const client = await connect(await accessToken('patterns@example.com', 'patterns-password-1', 'admins'));
    await client.next((f) => f.type === 'connection_ack');
    client.subscribe('wild', '/messages/*');
    expect(await client.next((f) => f.id === 'wild')).toMatchObject({ type: 'subscribe_error' });
    client.subscribe('old', '/messages/all');
    expect(await client.next((f) => f.id === 'old')).toMatchObject({ type: 'subscribe_error' });
    client.subscribe('now', await liveChannel());
    expect(await client.next((f) => f.id === 'now')).toMatchObject({ type: 'subscribe_success' });
  });

  it('gives an administrator every change of a test upload, as the list shows the message', async () => {
    const client = await connect(await accessToken('live-admin@example.com', 'live-password-1', 'admins'));
    await client.next((f) => f.type === 'connection_ack');
    client.subscribe('all', await liveChannel());
    await client.next((f) => f.id === 'all' && f.type === 'subscribe_success');

    const clip = await clips.clip({ sentence: SPEECH_CORPUS[1]!, format: 'wav' });
    const form = new FormData();
    form.set('audio', new Blob([new Uint8Array(clip.bytes)], { type: clip.contentType }), clip.fileName);
    form.set('sender', 'test-user');
    const token = await runtime.adminToken();
    const uploaded = await fetch(`${runtime.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { messageId } = (await uploaded.json()) as { messageId: string };

    const changes = () =>
      client.frames
        .filter((f) => f.type === 'data' && f.id === 'all')
        .map((f) => JSON.parse(String(f.event)) as { type: string; message: Message })
        .filter((c) => c.message.id === messageId);
    await expect
      .poll(() => changes().at(-1)?.message.status, { timeout: 120_000, interval: 200 })
      .toBe('completed');
    const seen = changes();
    expect(seen[0]).toMatchObject({ type: 'insert', message: { id: messageId, status: 'pending' } });
    expect(seen.slice(1).every((c) => c.type === 'update')).toBe(true);
    expect(seen.map((c) => c.message.status)).toContain('processing');

    // The last change is the message exactly as GET /api/messages lists it.
    const listed = await fetch(`${runtime.url}/api/messages?limit=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { messages } = (await listed.json()) as { messages: Message[] };
    expect(seen.at(-1)!.message).toEqual(messages.find((m) => m.id === messageId));
  });

  it('drops every connection on /_local/realtime/stop and takes new ones after /start', async () => {
    const client = await connect(await accessToken('live-admin@example.com', 'live-password-1', 'admins'));
    await client.next((f) => f.type === 'connection_ack');
    expect(
      (
        await fetch(`${runtime.url}/_local/realtime/stop`, {
          method: 'POST',
          headers: runtime.localHeaders(),
        })
      ).status,
    ).toBe(200);
    await expect.poll(() => client.socket.readyState).toBe(WebSocket.CLOSED);
    const refused = new WebSocket(runtime.info.events.realtimeEndpoint, ['aws-appsync-event-ws']);
    sockets.push(refused);
    await expect(
      new Promise((resolve, reject) => {
        refused.once('open', resolve);
        refused.once('error', reject);
      }),
    ).rejects.toThrow(/503/);
    expect(
      (
        await fetch(`${runtime.url}/_local/realtime/start`, {
          method: 'POST',
          headers: runtime.localHeaders(),
        })
      ).status,
    ).toBe(200);
    const again = await connect(await accessToken('live-admin@example.com', 'live-password-1', 'admins'));
    await again.next((f) => f.type === 'connection_ack');
  });
});
