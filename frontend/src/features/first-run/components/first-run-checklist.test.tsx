import { DEFAULT_SETTINGS, type SettingsView } from '@core/operator/settings';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setRuntimeConfigForTests } from '@/config/runtime-config';
import { type FakeApi, installFakeApi, TEST_CONFIG } from '@/testing/fake-api';
import { FirstRunChecklist } from './first-run-checklist';

const NOTHING_SAVED: SettingsView = {
  ...DEFAULT_SETTINGS,
  openai_api_key: { set: false, last4: null },
  twilio_auth_token: { set: false, last4: null },
};

const TWILIO_SAVED: SettingsView = {
  ...NOTHING_SAVED,
  twilio_account_sid: 'AC0123456789abcdef0123456789abcdef',
  twilio_phone_number: '+14155550177',
  twilio_auth_token: { set: true, last4: 'cdef' },
};

const TWILIO_OK =
  'Twilio accepted the Account SID and auth token, and (415) 555-0177 is a number of that account.';

/**
 * The API as the server answers: the settings row, PUT merging `first_run`, and Twilio's check; a deployment
 * unless `local` (one machine, `npm start`).
 */
function serve(
  row: SettingsView,
  twilio: { ok: boolean; message: string } = { ok: true, message: TWILIO_OK },
  { local = false } = {},
) {
  const api = installFakeApi();
  setRuntimeConfigForTests({ ...TEST_CONFIG, local });
  let current = row;
  api.on('GET', '/api/settings', () => ({ status: 200, body: current }));
  api.on('PUT', '/api/settings', ({ body }) => {
    const update = (body as { first_run: { offline_chosen?: boolean; closed?: boolean } }).first_run;
    current = {
      ...current,
      first_run: {
        offline_chosen: update.offline_chosen ?? current.first_run.offline_chosen,
        closed_at: update.closed ? '2026-11-24T09:00:00.000Z' : current.first_run.closed_at,
      },
    };
    return { status: 200, body: current };
  });
  api.on('POST', '/api/settings/check/twilio', () => ({ status: 200, body: twilio }));
  return api;
}

function show(props: { hasMessage: boolean | null; reloadKey?: number }) {
  const handlers = { onOpenSetup: vi.fn(), onOpenProviders: vi.fn(), onUploadTest: vi.fn() };
  const view = render(<FirstRunChecklist reloadKey={props.reloadKey ?? 0} {...props} {...handlers} />);
  return {
    ...handlers,
    rerender: (next: { hasMessage: boolean | null; reloadKey?: number }) =>
      view.rerender(<FirstRunChecklist reloadKey={next.reloadKey ?? 0} {...next} {...handlers} />),
  };
}

const checklist = () => screen.findByRole('region', { name: 'Welcome: three steps to start' });
/** A step of the list, by its title. */
const step = (title: RegExp) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
const puts = (api: FakeApi) => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('the first-run checklist', () => {
  it('welcomes the first administrator with the service number to copy and three steps, none done', async () => {
    serve(NOTHING_SAVED);
    const user = userEvent.setup();
    show({ hasMessage: false });
    const region = await checklist();
    expect(within(region).getByText('(415) 555-0100')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Copy number' }));
    expect(await navigator.clipboard.readText()).toBe('(415) 555-0100');
    expect(within(region).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(
      within(region).getByText('0 of 3 done. This list goes away once all three are.'),
    ).toBeInTheDocument();
    const titles = within(region)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      'Send a test voice message (to do)',
      'Connect Twilio (to do)',
      'Choose OpenAI or offline (to do)',
    ]);
    expect(
      within(region).getByText('Text a voice message to (415) 555-0100, or upload a recording.'),
    ).toBeInTheDocument();
  });

  it('on one machine prints commands that make and send a test, and lets the outbox stand in for Twilio', async () => {
    serve(NOTHING_SAVED, undefined, { local: true });
    show({ hasMessage: false });
    const region = await checklist();
    // A test (test/integration/printed-commands.test.ts) runs these very commands against a running service.
    expect([...region.querySelectorAll('code')].map((code) => code.textContent)).toEqual([
      'flite -voice rms -t "Hi, this is Maria. Please call me back at five five five, one two three four." -o hello.wav',
      'npm run sms -- hello.wav --from +14155550123',
    ]);
    expect(step(/^Connect Twilio/)).toHaveTextContent('Connect Twilio (optional on this computer) (done)');
    expect(step(/^Connect Twilio/)).toHaveTextContent(/replies go to the outbox/);
    expect(
      within(region).getByText('1 of 3 done. This list goes away once all three are.'),
    ).toBeInTheDocument();
  });

  it('leads where each step is done: the test upload panel, Settings > Setup for Twilio, Providers and keys for the key', async () => {
    serve(NOTHING_SAVED);
    const user = userEvent.setup();
    const { onOpenSetup, onOpenProviders, onUploadTest } = show({ hasMessage: false });
    const region = await checklist();
    await user.click(within(region).getByRole('button', { name: 'Upload a test' }));
    expect(onUploadTest).toHaveBeenCalledTimes(1);
    await user.click(within(region).getByRole('button', { name: 'Connect Twilio' }));
    expect(onOpenSetup).toHaveBeenCalledTimes(1);
    await user.click(within(region).getByRole('button', { name: 'Add an OpenAI key' }));
    expect(onOpenProviders).toHaveBeenCalledTimes(1);
  });

  it('ticks Twilio only once Twilio accepts the saved account, and says why not in its words', async () => {
    const refusal = 'Twilio refused the saved Account SID and auth token: check them in the Twilio Console.';
    const api = serve(TWILIO_SAVED, { ok: false, message: refusal });
    show({ hasMessage: false });
    await checklist();
    expect(await screen.findByText(refusal)).toHaveClass('text-danger');
    expect(step(/^Connect Twilio/)).toHaveTextContent('Connect Twilio (to do)');
    expect(within(step(/^Connect Twilio/)).getByRole('button', { name: 'Open Setup' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/settings/check/twilio')).toHaveLength(1);
  });

  it('ticks the test once a message exists, and Twilio once checked', async () => {
    serve(TWILIO_SAVED);
    const { rerender } = show({ hasMessage: false });
    await checklist();
    await screen.findByText(TWILIO_OK);
    expect(step(/^Connect Twilio/)).toHaveTextContent('Connect Twilio (done)');
    // The number just saved in Settings, not the one the site gave out when the page loaded.
    expect(screen.getByText('(415) 555-0177')).toBeInTheDocument();
    rerender({ hasMessage: true });
    expect(step(/^Send a test voice message/)).toHaveTextContent('(done)');
    expect(screen.getByText('A voice message arrived: it is in Recent Messages.')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 done. This list goes away once all three are.')).toBeInTheDocument();
  });

  it('remembers "Use offline" on the server and ticks the choice', async () => {
    const api = serve(NOTHING_SAVED);
    const user = userEvent.setup();
    show({ hasMessage: false });
    const region = await checklist();
    await user.click(within(region).getByRole('button', { name: 'Use offline' }));
    await screen.findByText('This server transcribes and summarizes by itself, in English only.');
    expect(step(/^Choose OpenAI or offline/)).toHaveTextContent('(done)');
    expect(puts(api)).toEqual([{ first_run: { offline_chosen: true } }]);
  });

  it('counts a saved OpenAI key as the choice made', async () => {
    serve({ ...NOTHING_SAVED, openai_api_key: { set: true, last4: 'WXYZ' } });
    show({ hasMessage: false });
    await checklist();
    expect(step(/^Choose OpenAI or offline/)).toHaveTextContent('(done)');
    expect(
      screen.getByText('An OpenAI key is saved: OpenAI transcribes and summarizes.'),
    ).toBeInTheDocument();
  });

  it('goes away for good once the last step is done: a message arrived', async () => {
    const api = serve({ ...TWILIO_SAVED, first_run: { offline_chosen: true, closed_at: null } });
    const { rerender } = show({ hasMessage: false });
    await checklist();
    await screen.findByText(TWILIO_OK);
    expect(puts(api)).toEqual([]);
    rerender({ hasMessage: true });
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    await waitFor(() => expect(puts(api)).toEqual([{ first_run: { closed: true } }]));
  });

  it('can be dismissed before it is done, and stays away', async () => {
    const api = serve(NOTHING_SAVED);
    const user = userEvent.setup();
    const { rerender } = show({ hasMessage: false });
    const region = await checklist();
    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(puts(api)).toEqual([{ first_run: { closed: true } }]);
    rerender({ hasMessage: false, reloadKey: 1 });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/api/settings')).toHaveLength(2),
    );
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('never shows, nor asks Twilio, once closed', async () => {
    const api = serve({
      ...TWILIO_SAVED,
      first_run: { offline_chosen: false, closed_at: '2026-11-01T00:00:00.000Z' },
    });
    show({ hasMessage: false });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/settings')).toBe(true));
    // Let the answer land and every effect after it run.
    for (let i = 0; i < 5; i++) await act(() => Promise.resolve());
    expect(screen.queryByRole('region')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/settings/check/twilio')).toEqual([]);
  });

  it('does not flash on a service already set up: it waits for the list and for Twilio, then closes unseen', async () => {
    let answer: ((reply: { status: number; body: unknown }) => void) | undefined;
    const api = serve({ ...TWILIO_SAVED, first_run: { offline_chosen: true, closed_at: null } });
    api.on(
      'POST',
      '/api/settings/check/twilio',
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { rerender } = show({ hasMessage: null });
    rerender({ hasMessage: true });
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByRole('region')).toBeNull();
    answer?.({ status: 200, body: { ok: true, message: TWILIO_OK } });
    await waitFor(() => expect(puts(api)).toEqual([{ first_run: { closed: true } }]));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
