import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfigForTests } from '@/config/runtime-config';
import { TEST_CONFIG } from '@/testing/fake-api';
import { configureAmplify, plainWebSocketUrl } from './amplify';

/** Records the address each socket was opened with, instead of opening it. */
class RecordingSocket {
  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {}
}

afterEach(() => vi.unstubAllGlobals());

describe('Amplify on a page served from localhost', () => {
  it('opens the local live-update stand-in over ws:// (Amplify always asks for wss://), and nothing else changes', async () => {
    vi.stubGlobal('WebSocket', RecordingSocket);
    setRuntimeConfigForTests({
      ...TEST_CONFIG,
      events: {
        httpEndpoint: 'http://localhost:3000/event',
        realtimeEndpoint: 'ws://localhost:3000/event/realtime',
      },
    });
    await configureAmplify();
    const Socket = window.WebSocket as unknown as new (url: string, p?: string[]) => RecordingSocket;
    const local = new Socket('wss://localhost:3000/event/realtime', ['aws-appsync-event-ws']);
    expect(local.url).toBe('ws://localhost:3000/event/realtime');
    expect(local.protocols).toEqual(['aws-appsync-event-ws']);
    // Another host (or port) than the page's own is not the runtime serving this page.
    expect(new Socket('wss://127.0.0.1:3000/event/realtime').url).toBe('wss://127.0.0.1:3000/event/realtime');
    expect(new Socket('wss://localhost:3001/event/realtime').url).toBe('wss://localhost:3001/event/realtime');
    const aws =
      'wss://abcdefghijklmnopqrstuvwxyz.appsync-realtime-api.us-east-1.amazonaws.com/event/realtime';
    expect(new Socket(aws).url).toBe(aws);
    expect(new Socket('wss://localhost.example.com/event/realtime').url).toBe(
      'wss://localhost.example.com/event/realtime',
    );
  });
});

describe('the live-update address under any host name', () => {
  const realtime = (host: string) => `wss://${host}/event/realtime?header=x`;

  it('opens ws:// to the page’s own host when the page came over http, whatever its name', () => {
    for (const host of [
      '127.0.0.1:3000',
      'localhost:3000',
      'my-laptop.lan:8080',
      '[::1]:3000',
      '192.168.1.20',
    ]) {
      expect(plainWebSocketUrl(realtime(host), { protocol: 'http:', host })).toBe(
        `ws://${host}/event/realtime?header=x`,
      );
    }
  });

  it('leaves wss:// alone over https (AWS, or the runtime behind a tunnel) and for any other host', () => {
    expect(
      plainWebSocketUrl(realtime('voice.example.com'), { protocol: 'https:', host: 'voice.example.com' }),
    ).toBe(realtime('voice.example.com'));
    expect(plainWebSocketUrl(realtime('evil.example'), { protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      realtime('evil.example'),
    );
  });
});
