import type { Message } from '@core/messages/message';
import { encodeCursor } from '@core/messages/message-history';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import type { LiveMessages } from '../hooks/use-live-messages';
import { useMessageHistory } from '../hooks/use-message-history';
import type { MessageChange } from '../utils/message-list';
import { MessagesSection as Section } from './messages-section';

/** The section with its data, as the dashboard gives it. */
function MessagesSection({ reloadKey, live }: { readonly reloadKey: unknown; readonly live: LiveMessages }) {
  const history = useMessageHistory(reloadKey, live.changes, live.reconnections);
  return <Section history={history} live={live.live} />;
}

const message = (i: number): Message => ({
  id: `m${i}`,
  created_at: new Date(Date.now() - i * 3_600_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: null,
  status: 'completed',
  summary: `Summary ${i}`,
  transcript: `Transcript ${i}`,
  error_message: null,
  reply_sent: true,
});

/** The live channel as the dashboard hands it to the list: `emit` plays one change. */
function liveChannel(): { live: LiveMessages; emit: (change: MessageChange) => void } {
  let listener: (change: MessageChange) => void = () => {};
  const changes = (next: (change: MessageChange) => void) => {
    listener = next;
    return () => {
      listener = () => {};
    };
  };
  return { live: { live: 'live', changes, reconnections: 0 }, emit: (change) => act(() => listener(change)) };
}

const OFF: LiveMessages = { live: 'off', changes: () => () => {}, reconnections: 0 };
const rows = () => within(screen.getByRole('list', { name: 'Recent Messages' })).getAllByRole('listitem');
const summaries = () => rows().map((row) => within(row).queryByText(/^Summary -?\d+$/)?.textContent);

describe('the messages while they load', () => {
  it('shows the shapes of rows and says it is loading, never a count of 0', async () => {
    const api = installFakeApi();
    let answer!: (reply: { status: number; body: unknown }) => void;
    api.on('GET', '/api/messages', () => new Promise((resolve) => (answer = resolve)));
    const { container } = render(<MessagesSection reloadKey={0} live={OFF} />);
    expect(await screen.findByText('Loading messages...')).toBeInTheDocument();
    expect(container.querySelector('[data-placeholder]')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Recent Messages' })).toBeNull();
    expect(container.textContent).not.toMatch(/\(0\)|No messages/);

    answer({ status: 200, body: { messages: [message(1)], next_cursor: null } });
    expect(await screen.findByText('Showing all 1 message.')).toBeInTheDocument();
    expect(container.querySelector('[data-placeholder]')).toBeNull();
    expect(rows()).toHaveLength(1);
  });

  it('with no messages yet says so, with what to do', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => ({ status: 200, body: { messages: [], next_cursor: null } }));
    render(<MessagesSection reloadKey={0} live={OFF} />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByText(/^Forward a voice message to the service number/)).toBeInTheDocument();
  });
});

describe('the messages', () => {
  it('shows the 10 newest as Recent Messages with their count, and "Load more" adds 25 from the cursor', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => {
      const more = api.calls.at(-1)!.search?.includes('cursor=c1');
      return {
        status: 200,
        body: more
          ? { messages: Array.from({ length: 12 }, (_, i) => message(10 + i)), next_cursor: null }
          : { messages: Array.from({ length: 10 }, (_, i) => message(i)), next_cursor: 'c1' },
      };
    });
    render(<MessagesSection reloadKey={0} live={OFF} />);
    expect(await screen.findByText('Showing the newest 10 messages.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Messages (10)' })).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(api.calls[0]!.search).toBe('?limit=10');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing all 22 messages.')).toBeInTheDocument();
    expect(api.calls.at(-1)!.search).toBe('?limit=25&cursor=c1');
    expect(screen.getByRole('heading', { name: 'Recent Messages (22)' })).toBeInTheDocument();
    expect(rows()).toHaveLength(22);
    expect(screen.getByText('Summary 21')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the live list at 10: a new one on top pushes the oldest out, and "Load more" brings it back', async () => {
    const api = installFakeApi();
    const stored = Array.from({ length: 12 }, (_, i) => message(i));
    api.on('GET', '/api/messages', () => {
      const search = api.calls.at(-1)!.search ?? '';
      return {
        status: 200,
        body: search.includes('cursor=')
          ? { messages: stored.slice(10), next_cursor: null }
          : { messages: stored.slice(1, 11), next_cursor: null },
      };
    });
    const { live, emit } = liveChannel();
    render(<MessagesSection reloadKey={0} live={live} />);
    expect(await screen.findByText('Showing all 10 messages.')).toBeInTheDocument();

    emit({ type: 'insert', message: stored[0]! });
    expect(rows()).toHaveLength(10);
    expect(summaries()[0]).toBe('Summary 0');
    expect(screen.queryByText('Summary 10')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Recent Messages (10)' })).toBeInTheDocument();
    expect(screen.getByText('Showing the newest 10 messages.')).toBeInTheDocument();

    // "Load more" starts after the last one still shown: the one pushed out comes back first.
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const cursor = new URLSearchParams(api.calls.at(-1)!.search).get('cursor');
    expect(cursor).toBe(encodeCursor({ id: 'm9', created_at: stored[9]!.created_at }));
    expect(await screen.findByText('Showing all 12 messages.')).toBeInTheDocument();
    expect(summaries().slice(-2)).toEqual(['Summary 10', 'Summary 11']);
  });

  it('is live unfiltered: a new message slides in on top, a change shows in its row, an erased one leaves', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => ({
      status: 200,
      body: {
        messages: [message(1), { ...message(2), status: 'processing', summary: null }],
        next_cursor: null,
      },
    }));
    const { live, emit } = liveChannel();
    render(<MessagesSection reloadKey={0} live={live} />);
    expect(await screen.findByText('Showing all 2 messages.')).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('Processing')).toBeInTheDocument();

    emit({ type: 'insert', message: message(0) });
    expect(summaries()).toEqual(['Summary 0', 'Summary 1', undefined]);
    expect(screen.getByText('Showing all 3 messages.')).toBeInTheDocument();
    expect(screen.queryByText(/since this list was loaded/)).toBeNull();

    const later = new Date(Date.now() + 1_000).toISOString();
    emit({ type: 'update', message: { ...message(2), summary: 'Call Dana back.', updated_at: later } });
    expect(within(rows()[2]!).getByText('Completed')).toBeInTheDocument();
    expect(within(rows()[2]!).getByText('Call Dana back.')).toBeInTheDocument();

    emit({ type: 'delete', message: message(1) });
    expect(rows()).toHaveLength(2);
    expect(screen.queryByText('Summary 1')).toBeNull();
  });

  it('applies the changes that arrive while the list loads', async () => {
    const api = installFakeApi();
    let answer!: (reply: { status: number; body: unknown }) => void;
    api.on('GET', '/api/messages', () => new Promise((resolve) => (answer = resolve)));
    const { live, emit } = liveChannel();
    render(<MessagesSection reloadKey={0} live={live} />);
    await screen.findByText('Loading messages...');
    emit({ type: 'insert', message: message(0) });
    answer({ status: 200, body: { messages: [message(1)], next_cursor: null } });
    expect(await screen.findByText('Showing all 2 messages.')).toBeInTheDocument();
    expect(summaries()).toEqual(['Summary 0', 'Summary 1']);
  });

  it('filtered, counts the messages that arrive and shows them when asked', async () => {
    const api = installFakeApi();
    let stored = [message(1)];
    api.on('GET', '/api/messages', () => ({ status: 200, body: { messages: stored, next_cursor: null } }));
    const { live, emit } = liveChannel();
    render(<MessagesSection reloadKey={0} live={live} />);
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'Completed');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Showing all 1 message.')).toBeInTheDocument();

    stored = [message(0), message(-1), ...stored];
    emit({ type: 'insert', message: message(0) });
    expect(screen.getByText('1 new message since this list was loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show it' })).toBeInTheDocument();
    emit({ type: 'insert', message: message(-1) });
    expect(screen.getByText('2 new messages since this list was loaded.')).toBeInTheDocument();
    // An update of a message not shown is not a new one, and does not join a filtered list.
    emit({ type: 'update', message: message(5) });
    expect(screen.getByText('2 new messages since this list was loaded.')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show them' }));
    expect(await screen.findByText('Showing all 3 messages.')).toBeInTheDocument();
    expect(screen.queryByText(/since this list was loaded/)).not.toBeInTheDocument();
  });

  it('sends the filters when applied (delivery too), the days as the browser’s midnights, and clears them', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => ({ status: 200, body: { messages: [], next_cursor: null } }));
    render(<MessagesSection reloadKey={0} live={OFF} />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Sender's number"), '(415) 555-0123');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Voice messages');
    await userEvent.selectOptions(screen.getByLabelText('Delivery'), 'Not delivered');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-03');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-04');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No messages match these filters.')).toBeInTheDocument();
    expect(screen.queryByText(/^Forward a voice message/)).toBeNull();
    const query = new URLSearchParams(api.calls.at(-1)!.search ?? '');
    expect(Object.fromEntries(query)).toEqual({
      sender: '(415) 555-0123',
      status: 'completed',
      kind: 'voice',
      delivery: 'not_delivered',
      from: new Date(2026, 10, 3).toISOString(),
      to: new Date(2026, 10, 5).toISOString(),
      limit: '10',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(api.calls.at(-1)!.search).toBe('?limit=10');
    expect(screen.getByLabelText("Sender's number")).toHaveValue('');
  });

  it('says what the server found wrong with a filter', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () =>
      api.calls.at(-1)!.search?.includes('sender')
        ? { status: 400, body: { error: 'sender: "maria" is not a phone number.' } }
        : { status: 200, body: { messages: [message(1)], next_cursor: null } },
    );
    render(<MessagesSection reloadKey={0} live={OFF} />);
    expect(await screen.findByText('Showing all 1 message.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Sender's number"), 'maria{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('sender: "maria" is not a phone number.');
    expect(screen.queryByRole('list', { name: 'Recent Messages' })).not.toBeInTheDocument();
  });

  it('downloads the filtered list as CSV, and says why when it cannot', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => ({
      status: 200,
      body: { messages: [message(1)], next_cursor: null },
    }));
    let exportWorks = true;
    api.on('GET', '/api/messages/export', () =>
      exportWorks
        ? { status: 200, body: 'id\r\n' }
        : { status: 503, body: { error: 'Try again in a minute.' } },
    );
    URL.createObjectURL = vi.fn(() => 'blob:history');
    URL.revokeObjectURL = vi.fn();
    render(<MessagesSection reloadKey={0} live={OFF} />);
    await userEvent.selectOptions(await screen.findByLabelText('Delivery'), 'Delivered');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('Showing all 1 message.');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV of the messages' }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.calls.at(-1)).toMatchObject({ path: '/api/messages/export', search: '?delivery=delivered' });

    exportWorks = false;
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV of the messages' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a minute.');
  });
});

describe('what the list tells the first-run checklist', () => {
  function Told({ live }: { readonly live: LiveMessages }) {
    const history = useMessageHistory(0, live.changes, live.reconnections);
    return <p>voice: {String(history.hasVoiceMessage)}</p>;
  }

  it('says a voice message arrived once one is listed; a refused picture does not count', async () => {
    const api = installFakeApi();
    const picture: Message = {
      ...message(1),
      status: 'failed',
      refusal: {
        reason: 'not-audio',
        kind: 'attachment',
        content_types: ['image/png'],
        text: null,
        count: 1,
        last_at: new Date().toISOString(),
        answered: null,
      },
    };
    api.on('GET', '/api/messages', () => ({ status: 200, body: { messages: [picture], next_cursor: null } }));
    const { live, emit } = liveChannel();
    render(<Told live={live} />);
    expect(screen.getByText('voice: null')).toBeInTheDocument();
    expect(await screen.findByText('voice: false')).toBeInTheDocument();
    emit({ type: 'insert', message: message(0) });
    expect(screen.getByText('voice: true')).toBeInTheDocument();
  });
});
