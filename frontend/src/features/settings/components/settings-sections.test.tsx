import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import type { SettingsSection } from '../utils/settings-sections';
import { SettingsModal } from './settings-modal';

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

const SETUP = { twilio: <p>The webhook URL goes here</p>, upload: <p>The test upload goes here</p> };

beforeAll(() => {
  // happy-dom has <dialog> without the modal methods; give it the open/close behaviour the modal relies on.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

/** The dashboard's part: a button that opens Settings on a section, and closes it when asked. */
function Page({ section }: { readonly section?: SettingsSection }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <SettingsModal open={open} section={section} setup={SETUP} onClose={() => setOpen(false)} />
    </>
  );
}

async function openSettings(section?: SettingsSection) {
  const api = installFakeApi();
  api.on('GET', '/api/settings', () => ({ status: 200, body: saved }));
  const user = userEvent.setup();
  render(<Page section={section} />);
  await user.click(screen.getByRole('button', { name: 'Open settings' }));
  await screen.findByText('Saved. Leave empty to keep it.');
  return { api, user };
}

const visiblePanel = () => screen.getByRole('tabpanel');

describe('the sections of Settings', () => {
  it('opens on Reply with its tab focused; the arrows, Home and End move between sections and show each', async () => {
    const { user } = await openSettings();
    const reply = screen.getByRole('tab', { name: 'Reply' });
    expect(reply).toHaveFocus();
    expect(reply).toHaveAttribute('aria-selected', 'true');
    expect(visiblePanel()).toHaveAccessibleName('Reply');
    expect(within(visiblePanel()).getByLabelText('Summary and full transcript')).toBeChecked();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Limits and budget' })).toHaveFocus();
    expect(within(visiblePanel()).getByLabelText('Voice messages per sender a day')).toBeVisible();
    await user.keyboard('{ArrowDown}');
    expect(visiblePanel()).toHaveAccessibleName('Calls');
    expect(within(visiblePanel()).getByLabelText('Longest recording (seconds)')).toBeVisible();
    await user.keyboard('{ArrowDown}');
    expect(visiblePanel()).toHaveAccessibleName('Providers and keys');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Setup' })).toHaveFocus();
    expect(within(visiblePanel()).getByText('The test upload goes here')).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Reply' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(visiblePanel()).toHaveAccessibleName('Setup');
    await user.keyboard('{Home}');
    expect(visiblePanel()).toHaveAccessibleName('Reply');
    // One Tab stop for the five tabs: the next Tab goes into the section.
    await user.tab();
    expect(screen.getByLabelText('Summary and full transcript')).toHaveFocus();
  });

  it('closes with Escape and gives focus back to what opened it', async () => {
    const { user } = await openSettings('prices');
    expect(screen.getByRole('tab', { name: 'Prices' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open settings' })).toHaveFocus();
  });

  it('opens on the section asked for: Setup, with the checks and no Save button (nothing there is saved)', async () => {
    const { user, api } = await openSettings('setup');
    expect(screen.getByRole('tab', { name: 'Setup' })).toHaveFocus();
    const setup = visiblePanel();
    expect(within(setup).getByText('The webhook URL goes here')).toBeVisible();
    expect(within(setup).getByRole('button', { name: 'Check Twilio' })).toBeVisible();
    expect(within(setup).getByRole('button', { name: 'Check OpenAI' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();

    // "Providers and keys" in the Twilio step shows that section, where the credentials are typed.
    await user.click(within(setup).getAllByRole('button', { name: 'Providers and keys' })[0]!);
    expect(visiblePanel()).toHaveAccessibleName('Providers and keys');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeVisible();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the section of a field with a problem, its tab marked, and keeps what was typed elsewhere', async () => {
    const { user, api } = await openSettings();
    await user.click(screen.getByLabelText('Summary only'));
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    await user.clear(screen.getByLabelText('SMS segment sent'));
    await user.type(screen.getByLabelText('SMS segment sent'), 'cheap');
    await user.click(screen.getByRole('tab', { name: 'Reply' }));
    expect(screen.getByLabelText('Summary only')).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(visiblePanel()).toHaveAccessibleName('Prices (has a problem to fix)');
    expect(screen.getByRole('tab', { name: 'Prices (has a problem to fix)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      within(visiblePanel()).getByText('Enter a price in US dollars from 0 to 100, for example 0.0113.'),
    ).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    api.on('PUT', '/api/settings', ({ body }) => ({ status: 200, body: { ...saved, ...(body as object) } }));
    await user.clear(screen.getByLabelText('SMS segment sent'));
    await user.type(screen.getByLabelText('SMS segment sent'), '0.02');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved successfully');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      reply_mode: 'summary_only',
      unit_prices: { sms_segment: 0.02 },
    });
    expect(screen.getByRole('tab', { name: 'Prices' })).toBeInTheDocument();
  });

  it('closes with its close button too, focus back on what opened it', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open settings' })).toHaveFocus();
  });
});
