import { DEFAULT_UNIT_PRICES } from '@core/operator/unit-prices';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { SettingsModal } from './settings-modal';

const saved = {
  id: 'app',
  reply_mode: 'full',
  twilio_account_sid: 'AC0123456789abcdef0123456789abcdef',
  twilio_phone_number: '+14155550100',
  auto_reply_enabled: true,
  updated_at: '2026-11-01T00:00:00.000Z',
  openai_api_key: { set: true, last4: 'wxyz' },
  twilio_auth_token: { set: false, last4: null },
};

const SETUP = { twilio: <p>The webhook URL</p>, upload: <p>The test upload</p> };

beforeAll(() => {
  // happy-dom has <dialog> without the modal methods; give it the open/close behaviour the modal relies on.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

/** Shows a section, as the operator does: its tab. */
const show = (user: ReturnType<typeof userEvent.setup>, section: string) =>
  user.click(screen.getByRole('tab', { name: section }));

function openModal() {
  const api = installFakeApi();
  api.on('GET', '/api/settings', () => ({ status: 200, body: saved }));
  const onClose = vi.fn();
  render(<SettingsModal open onClose={onClose} setup={SETUP} />);
  return { api, onClose };
}

describe('the settings modal', () => {
  it('shows the saved row with the secrets masked: set or not, and the last 4 characters', async () => {
    openModal();
    expect(await screen.findByText('Saved: ends in wxyz. Leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText('OpenAI API key')).toHaveValue('');
    expect(screen.getByText('Not set.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveValue('+14155550100');
    expect(screen.getByLabelText('Summary and full transcript')).toBeChecked();
  });

  it("refuses a number that is not E.164, with the API's own words, and saves nothing", async () => {
    const { api } = openModal();
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    await show(user, 'Providers and keys');
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '555');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText(/The SMS number must be in E\.164 format/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves empty values as null, keeps a secret left empty, and says so for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openModal();
    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText(/ends in wxyz/);
    await show(user, 'Providers and keys');
    await user.clear(screen.getByLabelText('Account SID'));
    // Sections keep what was typed in them: the whole form is saved at once.
    await show(user, 'Reply');
    await user.click(screen.getByLabelText('Summary only'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      reply_mode: 'summary_only',
      accented_letters: 'replace',
      twilio_account_sid: null,
      twilio_phone_number: '+14155550100',
      auto_reply_enabled: true,
      message_link_enabled: true,
      message_link_days: 30,
      default_time_zone: 'America/New_York',
      max_duration_minutes: 10,
      voice_messages_per_sender_per_day: 20,
      reply_countries: ['US', 'CA'],
      segments_per_number_per_hour: 40,
      segments_per_number_per_day: 80,
      service_segments_per_day: 1000,
      full_per_number_per_day: 3,
      upload_links_per_number_per_day: 3,
      unit_prices: DEFAULT_UNIT_PRICES,
      // Issue 33's Calls section, at its defaults; blank greeting and area code as null.
      call_greeting: null,
      call_max_seconds: 120,
      call_silence_seconds: 5,
      missed_call_texts: true,
      forwarding_idle_texts: true,
      forwarding_area_code: null,
      calls_per_subscriber_per_day: 30,
      call_minutes_per_subscriber_per_day: 30,
    });
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.getByText('Settings saved successfully')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Settings saved successfully')).toBeNull();
  });

  it('turns "Link to the whole message" off (it is on by default)', async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    const link = screen.getByLabelText(/^Link to the whole message/);
    expect(link).toBeChecked();
    await user.click(link);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ message_link_enabled: false });
  });

  it("sets how many days a message link works (30 by default), never past the messages' own 90", async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    const days = screen.getByLabelText('Link works for (days)');
    expect(days).toHaveValue('30');
    expect(screen.getByText('At most 90: messages are kept 90 days.')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '120');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      screen.getByText('A link cannot outlive its message: messages are kept 90 days, so enter at most 90.'),
    ).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(days);
    await user.type(days, '7');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ message_link_days: 7 });
  });

  it("shows the API's refusal of a link lifetime next to the field", async () => {
    const { api } = openModal();
    const refusal = 'A link cannot outlive its message: messages are kept 60 days, so enter at most 60.';
    api.on('PUT', '/api/settings', () => ({
      status: 400,
      body: {
        error: `message_link_days: ${refusal}`,
        issues: [{ field: 'message_link_days', message: refusal }],
      },
    }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save settings');
    expect(screen.getByText(refusal)).toBeInTheDocument();
  });

  it('sets the time zone of calendar events (New York by default), refusing a name that is no zone', async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    const zone = screen.getByLabelText('Time zone for calendar events');
    expect(zone).toHaveValue('America/New_York');
    await user.clear(zone);
    await user.type(zone, 'Central');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      screen.getByText('"Central" is not a time zone: use a name like America/New_York or America/Chicago.'),
    ).toBeInTheDocument();
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(zone);
    await user.type(zone, 'America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      default_time_zone: 'America/Chicago',
    });
  });

  it('replaces accented letters by default, and keeps them when the operator chooses to pay for it', async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    expect(screen.getByLabelText(/Replace with plain letters/)).toBeChecked();
    await user.click(screen.getByLabelText(/Keep them \(costs more/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ accented_letters: 'keep' });
  });

  it('sends a typed secret, and null for one cleared with "Clear"', async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', () => ({ status: 200, body: saved }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    await show(user, 'Providers and keys');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.type(screen.getByLabelText('Auth token'), 'token-abc');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      openai_api_key: null,
      twilio_auth_token: 'token-abc',
    });
  });

  it('edits the limits, refusing what the API would refuse', async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    await show(user, 'Limits and budget');
    const countries = screen.getByLabelText('Countries replies may go to');
    await user.clear(countries);
    await user.type(countries, 'US, Canada');
    await user.clear(screen.getByLabelText('Voice messages per sender a day'));
    await user.type(screen.getByLabelText('Voice messages per sender a day'), '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Countries are two-letter ISO codes, for example US or CA.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 1 to 1000.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(countries);
    await user.type(countries, 'us ca gb');
    expect(screen.getByText(/United States, Canada, United Kingdom/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Voice messages per sender a day'));
    await user.type(screen.getByLabelText('Voice messages per sender a day'), '5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      voice_messages_per_sender_per_day: 5,
      reply_countries: ['US', 'CA', 'GB'],
    });
  });

  it('edits what texts may cost, in segments, and says what a day of them costs at the saved price', async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    await show(user, 'Limits and budget');
    const perDay = screen.getByLabelText('Segments per number a day');
    const budget = screen.getByLabelText('SMS budget: segments a day, all numbers');
    expect(perDay).toHaveValue('80');
    expect(perDay).toHaveAccessibleDescription('At most $0.9040 a day at $0.0113 a segment.');
    expect(budget).toHaveAccessibleDescription(
      '$11.30 a day at $0.0113 a segment. Past it, only the answers to STOP, START and HELP go out until midnight UTC.',
    );

    await user.clear(screen.getByLabelText('FULL answers per number a day'));
    await user.type(screen.getByLabelText('FULL answers per number a day'), '500');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Enter a whole number from 1 to 100.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(screen.getByLabelText('FULL answers per number a day'));
    await user.type(screen.getByLabelText('FULL answers per number a day'), '1');
    await user.clear(budget);
    await user.type(budget, '250');
    expect(budget).toHaveAccessibleDescription(
      expect.stringMatching(/^\$2\.82 a day at \$0\.0113 a segment\./),
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      full_per_number_per_day: 1,
      service_segments_per_day: 250,
      segments_per_number_per_day: 80,
    });
  });

  it('says "Failed to save settings" when saving fails', async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', () => ({
      status: 503,
      body: { error: 'The database is not answering.' },
    }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save settings');
  });

  it('only logs a load failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = installFakeApi();
    api.on('GET', '/api/settings', () => ({ status: 500, body: {} }));
    render(<SettingsModal open onClose={() => {}} setup={SETUP} />);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Settings could not be loaded:', expect.anything()),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    error.mockRestore();
  });

  it('closes with the close button', async () => {
    const { onClose } = openModal();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close settings' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the form closed to typing until the saved row has loaded, so nothing typed is overwritten', async () => {
    const api = installFakeApi();
    let answer: (() => void) | undefined;
    api.on('GET', '/api/settings', async () => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return { status: 200, body: saved };
    });
    render(<SettingsModal open onClose={vi.fn()} setup={SETUP} />);
    expect(screen.getByText('Loading settings...')).toBeInTheDocument();
    expect(screen.getByLabelText('Account SID')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    await waitFor(() => expect(screen.getByLabelText('Account SID')).toBeEnabled());
    expect(screen.getByLabelText('Account SID')).toHaveValue(saved.twilio_account_sid);
    expect(screen.queryByText('Loading settings...')).toBeNull();
  });

  it("checks a provider's saved credentials and says the answer in words, good or bad", async () => {
    const { api } = openModal();
    api.on('POST', '/api/settings/check/twilio', () => ({
      status: 200,
      body: { ok: false, message: 'Twilio refused the saved Account SID and auth token.' },
    }));
    api.on('POST', '/api/settings/check/openai', () => ({
      status: 200,
      body: { ok: true, message: 'OpenAI accepted the saved API key.' },
    }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    await show(user, 'Setup');
    await user.click(screen.getByRole('button', { name: 'Check Twilio' }));
    expect(await screen.findByText('Twilio refused the saved Account SID and auth token.')).toHaveClass(
      'text-danger',
    );
    await user.click(screen.getByRole('button', { name: 'Check OpenAI' }));
    expect(await screen.findByText('OpenAI accepted the saved API key.')).toHaveClass('text-success');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/settings/check/twilio',
      '/api/settings/check/openai',
    ]);
  });

  it('edits the prices of the cost estimate, refusing one that is not a price', async () => {
    const { api } = openModal();
    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    const user = userEvent.setup();
    await screen.findByText(/ends in wxyz/);
    await show(user, 'Prices');
    const segment = screen.getByLabelText('SMS segment sent');
    expect(segment).toHaveValue('0.0113');
    await user.clear(segment);
    await user.type(segment, '-1');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      screen.getByText('Enter a price in US dollars from 0 to 100, for example 0.0113.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(segment);
    await user.type(segment, '$0.02');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.method === 'PUT')?.body as { unit_prices: Record<string, number> };
    expect(sent.unit_prices).toEqual({ ...DEFAULT_UNIT_PRICES, sms_segment: 0.02 });
  });
});
