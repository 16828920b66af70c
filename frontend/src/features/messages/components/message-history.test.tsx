import type { Message } from '@core/schemas';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import type { MessageChange } from '../utils/message-list';
import { MessageHistory } from './message-history';

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

/** The live list's changes as the dashboard hands them to the History: `emit` plays one. */
function liveChanges() {
  let listener: (change: MessageChange) => void = () => {};
  const changes = (next: (change: MessageChange) => void) => {
    listener = next;
    return () => {
      listener = () => {};
    };
  };
  return { changes, emit: (change: MessageChange) => listener(change) };
}

const items = () => within(screen.getByRole('list', { name: 'History' })).getAllByRole('article');

describe('the History section', () => {
  it('shows 25 newest first, and "Load more" adds the rest from the cursor', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => {
      const more = api.calls.at(-1)!.search?.includes('cursor=c1');
      return {
        status: 200,
        body: more
          ? { messages: [25, 26, 27, 28, 29].map(message), next_cursor: null }
          : { messages: Array.from({ length: 25 }, (_, i) => message(i)), next_cursor: 'c1' },
      };
    });
    render(<MessageHistory reloadKey={0} />);
    expect(await screen.findByText('Showing the newest 25 messages.')).toBeInTheDocument();
    expect(items()).toHaveLength(25);
    expect(api.calls[0]!.search).toBe('?limit=25');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing all 30 messages.')).toBeInTheDocument();
    expect(items()).toHaveLength(30);
    expect(screen.getByText('Summary 29')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('follows the live channel for the cards it shows: a status change and an erasure; a new message waits for Refresh', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => ({
      status: 200,
      body: {
        messages: [message(0), { ...message(1), status: 'processing', summary: null }],
        next_cursor: null,
      },
    }));
    const { changes, emit } = liveChanges();
    render(<MessageHistory reloadKey={0} changes={changes} />);
    expect(await screen.findByText('Showing all 2 messages.')).toBeInTheDocument();
    expect(within(items()[1]!).getByText('Processing')).toBeInTheDocument();

    const later = new Date(Date.now() + 1_000).toISOString();
    act(() =>
      emit({ type: 'update', message: { ...message(1), summary: 'Call Dana back.', updated_at: later } }),
    );
    expect(within(items()[1]!).getByText('Completed')).toBeInTheDocument();
    expect(within(items()[1]!).getByText('Call Dana back.')).toBeInTheDocument();

    act(() => emit({ type: 'delete', message: message(0) }));
    act(() => emit({ type: 'insert', message: message(7) }));
    expect(items()).toHaveLength(1);
    expect(screen.getByText('Showing all 1 message.')).toBeInTheDocument();
    expect(screen.queryByText('Summary 7')).not.toBeInTheDocument();
  });

  it('counts the messages that arrive after it loaded, and shows them when asked', async () => {
    const api = installFakeApi();
    let stored = [message(1)];
    api.on('GET', '/api/messages', () => ({ status: 200, body: { messages: stored, next_cursor: null } }));
    const { changes, emit } = liveChanges();
    render(<MessageHistory reloadKey={0} changes={changes} />);
    expect(await screen.findByText('Showing all 1 message.')).toBeInTheDocument();
    expect(screen.queryByText(/since this list was loaded/)).not.toBeInTheDocument();

    stored = [message(0), message(-1), ...stored];
    act(() => emit({ type: 'insert', message: message(0) }));
    expect(screen.getByText('1 new message since this list was loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show it' })).toBeInTheDocument();
    act(() => emit({ type: 'insert', message: message(-1) }));
    expect(screen.getByText('2 new messages since this list was loaded.')).toBeInTheDocument();
    // An update of a message not shown is not a new one.
    act(() => emit({ type: 'update', message: message(5) }));
    expect(screen.getByText('2 new messages since this list was loaded.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show them' }));
    expect(await screen.findByText('Showing all 3 messages.')).toBeInTheDocument();
    expect(screen.queryByText(/since this list was loaded/)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/messages')).toHaveLength(2);
  });

  it('sends the filters when applied, the days as the browser’s midnights, and clears them', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () => ({ status: 200, body: { messages: [], next_cursor: null } }));
    render(<MessageHistory reloadKey={0} />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Sender's number"), '(415) 555-0123');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Pictures, other files');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-03');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-04');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No messages match these filters.')).toBeInTheDocument();
    const query = new URLSearchParams(api.calls.at(-1)!.search ?? '');
    expect(Object.fromEntries(query)).toEqual({
      sender: '(415) 555-0123',
      status: 'failed',
      kind: 'attachment',
      from: new Date(2026, 10, 3).toISOString(),
      to: new Date(2026, 10, 5).toISOString(),
      limit: '25',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(api.calls.at(-1)!.search).toBe('?limit=25');
    expect(screen.getByLabelText("Sender's number")).toHaveValue('');
  });

  it('says what the server found wrong with a filter', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages', () =>
      api.calls.at(-1)!.search?.includes('sender')
        ? { status: 400, body: { error: 'sender: "maria" is not a phone number.' } }
        : { status: 200, body: { messages: [message(1)], next_cursor: null } },
    );
    render(<MessageHistory reloadKey={0} />);
    expect(await screen.findByText('Showing all 1 message.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Sender's number"), 'maria{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('sender: "maria" is not a phone number.');
    expect(screen.queryByRole('list', { name: 'History' })).not.toBeInTheDocument();
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
    render(<MessageHistory reloadKey={0} />);
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'Completed');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('Showing all 1 message.');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV of the history' }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.calls.at(-1)).toMatchObject({ path: '/api/messages/export', search: '?status=completed' });

    exportWorks = false;
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV of the history' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a minute.');
  });
});
