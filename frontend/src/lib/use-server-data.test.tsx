import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminRequest } from '@/lib/admin-api';
import { installFakeApi } from '@/testing/fake-api';
import { type ServerDataOptions, useServerData } from './use-server-data';

type Count = { readonly count: number };

const loadCount = (signal: AbortSignal) => adminRequest<Count>('/count', { signal });

/** A panel as the admin app writes one: what it shows while loading, when loaded, and when the load failed. */
function CountPanel({ options = {} }: { readonly options?: ServerDataOptions }) {
  const { data, error, loading, reload, mutate } = useServerData(loadCount, options);
  return (
    <section>
      {loading && <p>Loading...</p>}
      {data && <p>Count: {data.count}</p>}
      {error !== undefined && <p role="alert">Could not load the count.</p>}
      <button type="button" onClick={() => void reload()}>
        Reload
      </button>
      <button
        type="button"
        onClick={() => void mutate(() => adminRequest('/count/add', { method: 'POST' })).catch(() => {})}
      >
        Add one
      </button>
    </section>
  );
}

/** A fake API whose count each test moves, and that can fail a load on request. */
function countApi(start = 1) {
  const api = installFakeApi();
  const server = { count: start, failLoads: false };
  api.on('GET', '/api/count', () =>
    server.failLoads
      ? { status: 503, body: { error: 'down' } }
      : { status: 200, body: { count: server.count } },
  );
  return { api, server };
}

describe('useServerData', () => {
  it('says it is loading, then shows what the server sent', async () => {
    countApi(3);
    render(<CountPanel />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Count: 3')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('keeps a load failure to show and tells the panel of it', async () => {
    const { server } = countApi();
    server.failLoads = true;
    const onError = vi.fn();
    render(<CountPanel options={{ onError }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the count.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 503, serverMessage: 'down' }));
  });

  it('loads again on request, and a success clears an earlier failure', async () => {
    const { server } = countApi(1);
    server.failLoads = true;
    render(<CountPanel options={{ onError: () => {} }} />);
    await screen.findByRole('alert');
    server.failLoads = false;
    server.count = 2;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Count: 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the last data shown when a reload fails', async () => {
    const { server } = countApi(5);
    render(<CountPanel options={{ onError: () => {} }} />);
    await screen.findByText('Count: 5');
    server.failLoads = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    await screen.findByRole('alert');
    expect(screen.getByText('Count: 5')).toBeInTheDocument();
  });

  it('loads again when the reload key changes (the dashboard Refresh)', async () => {
    const { api, server } = countApi(1);
    const { rerender } = render(<CountPanel options={{ reloadKey: 0 }} />);
    await screen.findByText('Count: 1');
    server.count = 7;
    rerender(<CountPanel options={{ reloadKey: 1 }} />);
    expect(await screen.findByText('Count: 7')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/count')).toHaveLength(2);
  });

  it('loads nothing until enabled, then loads each time it is enabled again', async () => {
    const { api } = countApi(4);
    const { rerender } = render(<CountPanel options={{ enabled: false }} />);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/count')).toEqual([]);
    rerender(<CountPanel options={{ enabled: true }} />);
    await screen.findByText('Count: 4');
    rerender(<CountPanel options={{ enabled: false }} />);
    rerender(<CountPanel options={{ enabled: true }} />);
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/count')).toHaveLength(2));
  });

  it('loads again after a change, whether the server took it or refused it', async () => {
    const { api, server } = countApi(1);
    let refuse = false;
    api.on('POST', '/api/count/add', () => {
      if (refuse) return { status: 409, body: { error: 'no' } };
      server.count += 1;
      return { status: 200, body: {} };
    });
    render(<CountPanel />);
    await screen.findByText('Count: 1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add one' }));
    expect(await screen.findByText('Count: 2')).toBeInTheDocument();
    refuse = true;
    server.count = 10; // changed by someone else meanwhile
    await user.click(screen.getByRole('button', { name: 'Add one' }));
    expect(await screen.findByText('Count: 10')).toBeInTheDocument();
  });

  it('shows only the newest of two loads, whichever answers last', async () => {
    const api = installFakeApi();
    const answers: ((count: number) => void)[] = [];
    api.on(
      'GET',
      '/api/count',
      () => new Promise((resolve) => answers.push((count) => resolve({ status: 200, body: { count } }))),
    );
    render(<CountPanel />);
    await waitFor(() => expect(answers).toHaveLength(1));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]?.(2));
    await act(async () => answers[0]?.(1));
    expect(screen.getByText('Count: 2')).toBeInTheDocument();
    expect(screen.queryByText('Count: 1')).toBeNull();
  });

  it('aborts a load still under way when the panel goes away, and reports nothing of it', async () => {
    const api = installFakeApi();
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    api.on('GET', '/api/count', () => new Promise((resolve) => (answer = resolve)));
    const onError = vi.fn();
    const { unmount } = render(<CountPanel options={{ onError }} />);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/count')).toBe(true));
    const signal = (vi.mocked(fetch).mock.calls.at(-1)?.[1] as RequestInit | undefined)?.signal;
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
    await act(async () => answer({ status: 503, body: { error: 'down' } }));
    expect(onError).not.toHaveBeenCalled();
  });
});
