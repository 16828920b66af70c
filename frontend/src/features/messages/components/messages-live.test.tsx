import type { Message } from '@core/messages/message';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRuntimeConfig } from '@/lib/use-runtime-config';
import { installFakeApi } from '@/testing/fake-api';
import { type LiveMessages, useLiveMessages } from '../hooks/use-live-messages';
import { useMessageHistory } from '../hooks/use-message-history';
import { MessagesSection } from './messages-section';

/** The list with its data and the live channel, as the dashboard composes them. */
function Messages({ live }: { readonly live: LiveMessages }) {
  const history = useMessageHistory(0, live.changes, live.reconnections);
  return <MessagesSection history={history} live={live.live} />;
}

/** What the live channel delivers, as Amplify's events client hands it to the subscriber. */
const channel = vi.hoisted(() => ({
  next: null as ((data: unknown) => void) | null,
  /** Every channel name connected to, in order, and whether it was closed. */
  connected: [] as { name: string; closed: boolean }[],
  /** When the server accepts a subscription (at once unless a test holds it). */
  accepted: Promise.resolve() as Promise<unknown>,
}));
const deliver = (data: unknown) => act(() => channel.next?.(data));

vi.mock('@/lib/amplify', () => ({ configureAmplify: async () => ({}) }));
vi.mock('aws-amplify/data', () => ({
  CONNECTION_STATE_CHANGE: 'ConnectionStateChange',
  ConnectionState: { Connected: 'Connected', ConnectionDisrupted: 'ConnectionDisrupted' },
  events: {
    connect: async (name: string) => {
      const connection = { name, closed: false };
      channel.connected.push(connection);
      return {
        subscribe: ({ next }: { next: (data: unknown) => void }) => {
          channel.next = next;
          return { unsubscribe: () => {}, ready: channel.accepted.then(() => ({ subscriptionId: name })) };
        },
        close: () => {
          connection.closed = true;
        },
      };
    },
  },
}));

/** The list's answer: these messages, the last page. */
const page = (messages: Message[]) => ({ status: 200, body: { messages, next_cursor: null } });

const message = (id: string, minutesAgo: number, transcript: string): Message => ({
  id,
  created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: `audio/${id}.wav`,
  status: 'completed',
  summary: `Summary of ${id}`,
  transcript,
  error_message: null,
  reply_sent: true,
});

const KEY_1 = '1'.repeat(32);
const KEY_2 = '2'.repeat(32);

/** GET /api/live-channel answers each key in turn (the last one from then on). */
function liveChannels(api: ReturnType<typeof installFakeApi>, ...keys: string[]) {
  let asked = 0;
  api.on('GET', '/api/live-channel', () => {
    const key = keys[Math.min(asked, keys.length - 1)];
    asked += 1;
    return { status: 200, body: { channel: `/messages/${key}` } };
  });
}

function Dashboard() {
  return <Messages live={useLiveMessages({ live: true })} />;
}

/** As the admin page composes it: live updates only once the configuration says they exist. */
function ConfiguredDashboard() {
  const config = useRuntimeConfig();
  return <Messages live={useLiveMessages({ live: Boolean(config?.events) })} />;
}

let warnings: unknown[][];
beforeEach(() => {
  channel.next = null;
  channel.connected = [];
  channel.accepted = Promise.resolve();
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the messages, live', () => {
  it('drops a malformed live event (and says so in the console) and keeps showing the messages', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () =>
      page([message('m2', 1, 'Second call.'), message('m1', 5, 'First call.')]),
    );
    liveChannels(api, KEY_1);
    render(<Dashboard />);
    expect(await screen.findByText('Summary of m2')).toBeInTheDocument();
    await vi.waitFor(() => expect(channel.next).not.toBeNull());

    deliver({ event: { type: 'insert', message: { id: 'x' } } });
    deliver({ event: { type: 'explode', message: message('m9', 0, 'Nine.') } });
    deliver({ event: 'not even an object' });

    expect(screen.getByText('Summary of m2')).toBeInTheDocument();
    expect(screen.getByText('Summary of m1')).toBeInTheDocument();
    expect(screen.getByText('Showing all 2 messages.')).toBeInTheDocument();
    expect(screen.queryByText('Summary of m9')).not.toBeInTheDocument();
    expect(warnings).toHaveLength(3);
    expect(String(warnings[0]?.[0])).toMatch(/dropped an event that is not a message change/);

    // The channel still works: the next good event lands on top.
    deliver({ event: { type: 'insert', message: message('m3', 0, 'Third call.') } });
    expect(await screen.findByText('Summary of m3')).toBeInTheDocument();
    expect(screen.getByText('Showing all 3 messages.')).toBeInTheDocument();
  });

  it('says "Live" only once the server has accepted the subscription', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => page([]));
    liveChannels(api, KEY_1);
    let accept!: () => void;
    channel.accepted = new Promise<void>((resolve) => {
      accept = resolve;
    });
    render(<Dashboard />);
    await vi.waitFor(() => expect(channel.connected).toHaveLength(1));
    expect(screen.getByText('Connecting...')).toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    await act(async () => accept());
    expect(await screen.findByText('Live')).toBeInTheDocument();
  });

  it('follows the channel when it moves: subscribes to the new one, leaves the old, and loads the list again', async () => {
    const api = installFakeApi();
    let listed = [message('m1', 5, 'First call.')];
    api.on('GET', '/api/messages', () => page(listed));
    liveChannels(api, KEY_1, KEY_2);
    render(<Dashboard />);
    expect(await screen.findByText('Summary of m1')).toBeInTheDocument();
    await vi.waitFor(() => expect(channel.connected.map((c) => c.name)).toEqual([`/messages/${KEY_1}`]));

    // A change made while the list moved is in the list it loads again.
    listed = [message('m2', 1, 'Second call.'), ...listed];
    deliver({ event: { type: 'moved' } });
    await vi.waitFor(() =>
      expect(channel.connected).toEqual([
        { name: `/messages/${KEY_1}`, closed: true },
        { name: `/messages/${KEY_2}`, closed: false },
      ]),
    );
    expect(await screen.findByText('Summary of m2')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/messages')).toHaveLength(2);
    expect(warnings).toEqual([]);

    deliver({ event: { type: 'insert', message: message('m3', 0, 'Third call.') } });
    expect(await screen.findByText('Summary of m3')).toBeInTheDocument();
  });

  it('without live updates, loads the list once: the configuration arriving does not load it again', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => page([message('m1', 5, 'First call.')]));
    render(<ConfiguredDashboard />);
    expect(await screen.findByText('Summary of m1')).toBeInTheDocument();
    await act(async () => {});
    expect(api.calls.filter((call) => call.path === '/api/messages')).toHaveLength(1);
    expect(channel.next).toBeNull();
  });
});
