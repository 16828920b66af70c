import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfigForTests } from '@/config/runtime-config';
import { TEST_CONFIG } from '@/testing/fake-api';
import { configureAmplify } from './amplify';

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
    expect(new Socket('wss://127.0.0.1:3000/event/realtime').url).toBe('ws://127.0.0.1:3000/event/realtime');
    const aws =
      'wss://abcdefghijklmnopqrstuvwxyz.appsync-realtime-api.us-east-1.amazonaws.com/event/realtime';
    expect(new Socket(aws).url).toBe(aws);
    expect(new Socket('wss://localhost.example.com/event/realtime').url).toBe(
      'wss://localhost.example.com/event/realtime',
    );
  });
});
