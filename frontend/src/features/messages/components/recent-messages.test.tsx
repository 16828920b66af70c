import type { Message } from '@core/schemas';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRuntimeConfig } from '@/lib/use-runtime-config';
import { installFakeApi } from '@/testing/fake-api';
import { useRecentMessages } from '../hooks/use-recent-messages';
import { RecentMessages } from './recent-messages';

/** What the live channel delivers, as Amplify's events client hands it to the subscriber. */
const channel = vi.hoisted(() => ({ next: null as ((data: unknown) => void) | null }));
const deliver = (data: unknown) => act(() => channel.next?.(data));

vi.mock('@/lib/amplify', () => ({ configureAmplify: async () => ({}) }));
vi.mock('aws-amplify/data', () => ({
  CONNECTION_STATE_CHANGE: 'ConnectionStateChange',
  ConnectionState: { Connected: 'Connected', ConnectionDisrupted: 'ConnectionDisrupted' },
  events: {
    connect: async () => ({
      subscribe: ({ next }: { next: (data: unknown) => void }) => {
        channel.next = next;
        return { unsubscribe: () => {} };
      },
      close: () => {},
    }),
  },
}));

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

function Dashboard() {
  return <RecentMessages state={useRecentMessages({ live: true })} />;
}

/** As the admin page composes it: live updates only once the configuration says they exist. */
function ConfiguredDashboard() {
  const config = useRuntimeConfig();
  return <RecentMessages state={useRecentMessages({ live: Boolean(config?.events) })} />;
}

let warnings: unknown[][];
beforeEach(() => {
  channel.next = null;
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the live list', () => {
  it('drops a malformed live event (and says so in the console) and keeps showing the messages', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => ({
      status: 200,
      body: { messages: [message('m2', 1, 'Second call.'), message('m1', 5, 'First call.')] },
    }));
    render(<Dashboard />);
    expect(await screen.findByText('Summary of m2')).toBeInTheDocument();
    await vi.waitFor(() => expect(channel.next).not.toBeNull());

    deliver({ event: { type: 'insert', message: { id: 'x' } } });
    deliver({ event: { type: 'explode', message: message('m9', 0, 'Nine.') } });
    deliver({ event: 'not even an object' });

    expect(screen.getByText('Summary of m2')).toBeInTheDocument();
    expect(screen.getByText('Summary of m1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Recent Messages \(2\)/ })).toBeInTheDocument();
    expect(screen.queryByText('Summary of m9')).not.toBeInTheDocument();
    expect(warnings).toHaveLength(3);
    expect(String(warnings[0]?.[0])).toMatch(/dropped an event that is not a message change/);

    // The channel still works: the next good event lands on top.
    deliver({ event: { type: 'insert', message: message('m3', 0, 'Third call.') } });
    expect(await screen.findByText('Summary of m3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Recent Messages \(3\)/ })).toBeInTheDocument();
  });

  it('without live updates, loads the list once: the configuration arriving does not load it again', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => ({
      status: 200,
      body: { messages: [message('m1', 5, 'First call.')] },
    }));
    render(<ConfiguredDashboard />);
    expect(await screen.findByText('Summary of m1')).toBeInTheDocument();
    await act(async () => {});
    expect(api.calls.filter((call) => call.path === '/api/messages')).toHaveLength(1);
    expect(channel.next).toBeNull();
  });
});
