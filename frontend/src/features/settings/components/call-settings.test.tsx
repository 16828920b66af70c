import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { SettingsModal } from './settings-modal';

/** A row saved before issue 33: the call settings read as their defaults. */
const saved = {
  id: 'app',
  reply_mode: 'full',
  twilio_account_sid: 'AC0123456789abcdef0123456789abcdef',
  twilio_phone_number: '+14155550100',
  auto_reply_enabled: true,
  updated_at: '2026-11-01T00:00:00.000Z',
  openai_api_key: { set: false, last4: null },
  twilio_auth_token: { set: true, last4: null },
};

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

function Page() {
  const [open, setOpen] = useState(true);
  return (
    <SettingsModal
      open={open}
      section="calls"
      setup={{ twilio: null, upload: null }}
      onClose={() => setOpen(false)}
    />
  );
}

async function openCalls(row: Record<string, unknown> = saved) {
  const api = installFakeApi();
  api.on('GET', '/api/settings', () => ({ status: 200, body: row }));
  api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...row, ...(body as object) } }));
  render(<Page />);
  const panel = await screen.findByRole('tabpanel', { name: 'Calls' });
  await screen.findByText('Saved. Leave empty to keep it.');
  return { api, panel, user: userEvent.setup() };
}

describe("Settings' Calls section (issue 33)", () => {
  it('shows the saved call settings, the defaults for a row saved before calls existed', async () => {
    const { panel } = await openCalls();
    expect(within(panel).getByRole('textbox', { name: /Greeting/ })).toHaveValue('');
    expect(within(panel).getByText(/built-in one, spoken in each subscriber's language/)).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Longest recording (seconds)' })).toHaveValue('120');
    expect(within(panel).getByRole('textbox', { name: 'Silence that ends it (seconds)' })).toHaveValue('5');
    expect(within(panel).getByRole('textbox', { name: 'Calls per subscriber a day' })).toHaveValue('30');
    expect(within(panel).getByRole('textbox', { name: 'Call minutes per subscriber a day' })).toHaveValue(
      '30',
    );
    expect(within(panel).getByRole('checkbox', { name: /Text missed calls/ })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /your forwarding may be off/ })).toBeChecked();
    expect(within(panel).getByRole('textbox', { name: /Area code for new numbers/ })).toHaveValue('');
  });

  it('fills from a saved row and saves what the operator changed, a blank greeting as none', async () => {
    const { api, panel, user } = await openCalls({
      ...saved,
      call_greeting: 'You reached Dana. Speak after the beep.',
      call_max_seconds: 90,
      forwarding_area_code: '312',
      missed_call_texts: false,
    });
    const greeting = within(panel).getByRole('textbox', { name: /Greeting/ });
    expect(greeting).toHaveValue('You reached Dana. Speak after the beep.');
    expect(within(panel).getByRole('checkbox', { name: /Text missed calls/ })).not.toBeChecked();
    await user.clear(greeting);
    const longest = within(panel).getByRole('textbox', { name: 'Longest recording (seconds)' });
    await user.clear(longest);
    await user.type(longest, '180');
    await user.click(within(panel).getByRole('checkbox', { name: /your forwarding may be off/ }));
    const area = within(panel).getByRole('textbox', { name: /Area code/ });
    await user.clear(area);
    await user.type(area, '773');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      call_greeting: null,
      call_max_seconds: 180,
      call_silence_seconds: 5,
      missed_call_texts: false,
      forwarding_idle_texts: false,
      forwarding_area_code: '773',
      calls_per_subscriber_per_day: 30,
      call_minutes_per_subscriber_per_day: 30,
    });
  });

  it('names each problem at its field and shows the section when saving from another one', async () => {
    const { api, panel, user } = await openCalls();
    const area = within(panel).getByRole('textbox', { name: /Area code/ });
    await user.type(area, '012');
    const silence = within(panel).getByRole('textbox', { name: 'Silence that ends it (seconds)' });
    await user.clear(silence);
    await user.type(silence, '1');
    await user.click(screen.getByRole('tab', { name: 'Reply' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(panel).findByText(/An area code is three digits/)).toBeInTheDocument();
    expect(panel).toBeVisible();
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription(/An area code is three digits and does not start with 0 or 1/);
    expect(silence).toHaveAccessibleDescription(/enter a whole number of seconds from 2 to 30/);
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('lists the forwarded call and number prices in Prices', async () => {
    const { user } = await openCalls();
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    const prices = screen.getByRole('tabpanel', { name: 'Prices' });
    expect(within(prices).getByRole('textbox', { name: 'Forwarded call, per minute' })).toHaveValue('0.0085');
    expect(within(prices).getByRole('textbox', { name: 'Forwarding number, per month' })).toHaveValue('1.15');
  });
});
