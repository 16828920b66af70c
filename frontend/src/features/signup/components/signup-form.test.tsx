import { SMS_CONSENT_VERSION } from '@core/senders/consent';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePublicInfo } from '@/lib/public-info';
import { installFakeApi } from '@/testing/fake-api';
import { resetSignupDraftForTests, SignupForm } from './signup-form';

beforeEach(() => {
  resetSignupDraftForTests();
});

function renderForm() {
  render(
    <section aria-labelledby="signup-title">
      <SignupForm serviceName="Voice Summary" titleId="signup-title" />
    </section>,
  );
  return userEvent.setup();
}

/** The error shown for a field: the element its aria-describedby names, with the field marked invalid. */
function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .find((text) => text && !text.startsWith('A US number')) ?? null
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Maria Lopez');
  await user.type(screen.getByLabelText('Email'), 'Maria@Example.com');
}

describe('the sign-up form', () => {
  it('starts with the SMS consent unticked, and states what carriers require next to it', () => {
    installFakeApi();
    renderForm();
    const consent = screen.getByRole<HTMLInputElement>('checkbox');
    expect(consent).not.toBeChecked();
    const label = consent.labels?.[0];
    expect(label).toHaveTextContent(/Voice Summary will send me the summary and transcript/);
    expect(label).toHaveTextContent(/Message frequency varies\. Message and data rates may apply\./);
    expect(label).toHaveTextContent(/Reply STOP to opt out, HELP for help\./);
    expect(within(label!).getByRole('link', { name: 'Mobile Terms of Use' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(label!).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('says next to each field what is missing, and sends nothing', async () => {
    const api = installFakeApi();
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Name'))).toBe('Name is required.'));
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Email is required.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(api.calls.filter((c) => c.path === '/api/signups')).toEqual([]);
  });

  it('checks the email format and the phone when the field is left, and shows the phone normalized', async () => {
    installFakeApi();
    const user = renderForm();
    await user.type(screen.getByLabelText('Email'), 'maria@');
    await user.tab();
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('Email'))).toBe('Enter an email address like name@example.com.'),
    );
    const phone = screen.getByLabelText(/Mobile phone/);
    await user.type(phone, '415.555.0132');
    await user.tab();
    await waitFor(() => expect(phone).toHaveValue('(415) 555-0132'));
    expect(errorOf(phone)).toBeNull();
    await user.clear(phone);
    await user.type(phone, '555-0132');
    await user.tab();
    await waitFor(() => expect(errorOf(phone)).toMatch(/not a US phone number/));
    // Fixing the email clears its error as it is typed.
    await user.type(screen.getByLabelText('Email'), 'example.com');
    await waitFor(() => expect(errorOf(screen.getByLabelText('Email'))).toBeNull());
  });

  it('asks for a phone number when SMS consent is ticked without one', async () => {
    installFakeApi();
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText(/Mobile phone/))).toMatch(/Add a phone number/));
  });

  it('shows "Signing up..." on a disabled button while it sends, and sends once however often it is pressed', async () => {
    const api = installFakeApi();
    let answer!: (reply: { status: number; body: unknown }) => void;
    api.on('POST', '/api/signups', () => new Promise((resolve) => (answer = resolve)));
    const user = renderForm();
    await fillValid(user);
    await user.type(screen.getByLabelText(/Mobile phone/), '4155550142');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const busy = await screen.findByRole('button', { name: 'Signing up...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    screen.getByRole('button', { name: 'Signing up...' }).closest('form')!.requestSubmit();
    answer({ status: 201, body: { ok: true, join: null } });
    expect(await screen.findByRole('heading', { name: "You're All Set!" })).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.path === '/api/signups');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/signups',
        body: {
          name: 'Maria Lopez',
          email: 'maria@example.com',
          phone: '+14155550142',
          sms_opt_in: true,
          consent_version: SMS_CONSENT_VERSION,
        },
      },
    ]);
  });

  it("puts the server's field error on the field it names", async () => {
    const api = installFakeApi();
    api.on('POST', '/api/signups', () => ({
      status: 400,
      body: {
        error: 'email: That address cannot receive email.',
        issues: [{ field: 'email', message: 'That address cannot receive email.' }],
      },
    }));
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText('Email'))).toBe('That address cannot receive email.'),
    );
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  it.each([
    [
      "the server's text when it sends one",
      { status: 503, body: { error: 'Sign-ups are paused for maintenance.' } },
      'Sign-ups are paused for maintenance.',
    ],
    ['"Failed to sign up" when it sends none', { status: 500, body: {} }, 'Failed to sign up'],
    ['"Failed to sign up" when the server cannot be reached', 'network-error' as const, 'Failed to sign up'],
  ])('shows %s', async (_case, reply, text) => {
    const api = installFakeApi();
    api.on('POST', '/api/signups', () => reply);
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Name')).toHaveValue('Maria Lopez');
  });

  it('shows the number to forward to once signed up, as a US number', async () => {
    const api = installFakeApi();
    api.on('POST', '/api/signups', () => ({ status: 201, body: { ok: true, join: null } }));
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('(415) 555-0100')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "You're All Set!" })).toHaveFocus();
    expect(screen.getByRole('button', { name: /Add to Contacts/ })).toBeInTheDocument();
    expect(screen.getByText(/Forward a voice message or audio file to it/)).toBeInTheDocument();
    expect(screen.queryByTestId('join-instruction')).not.toBeInTheDocument();
    expect(screen.queryByText(/JOIN/)).not.toBeInTheDocument();
  });

  it('shows a visitor who ticked texts what their phone must text to confirm them: JOIN and the code', async () => {
    const api = installFakeApi();
    const join = { code: '4821', expires_at: '2026-01-01T13:00:00.000Z' };
    api.on('POST', '/api/signups', () => ({ status: 201, body: { ok: true, join } }));
    const user = renderForm();
    await fillValid(user);
    await user.type(screen.getByLabelText(/Mobile phone/), '4155550142');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const instruction = await screen.findByTestId('join-instruction');
    await waitFor(() => expect(instruction).toHaveTextContent('Text JOIN 4821 to (415) 555-0100'));
    expect(instruction).toHaveTextContent('To get our texts, confirm from (415) 555-0142');
    expect(instruction).toHaveTextContent('The code works for an hour. We never text you first.');
    // SPEC's success state is all still there.
    expect(screen.getByRole('heading', { name: "You're All Set!" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy number/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add to Contacts/ })).toBeInTheDocument();
    // A computer shows the words to type; only a phone gets a link to its messaging app.
    expect(within(instruction).queryByRole('link')).toBeNull();
  });

  it('gives a phone a link that opens its messaging app with JOIN and the code written', async () => {
    const userAgent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148');
    try {
      const api = installFakeApi();
      const join = { code: '0042', expires_at: '2026-01-01T13:00:00.000Z' };
      api.on('POST', '/api/signups', () => ({ status: 201, body: { ok: true, join } }));
      const user = renderForm();
      await fillValid(user);
      await user.type(screen.getByLabelText(/Mobile phone/), '4155550142');
      await user.click(screen.getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      const link = await screen.findByRole('link', { name: 'Text JOIN 0042 now' });
      expect(link).toHaveAttribute('href', 'sms:+14155550100?&body=JOIN%200042');
    } finally {
      userAgent.mockRestore();
    }
  });

  it('shows the number with the heading, with no "Getting our number..." flash, when the page already has it', async () => {
    const api = installFakeApi();
    api.on('POST', '/api/signups', () => ({ status: 201, body: { ok: true, join: null } }));
    // The landing page asked for the public info when it opened.
    const page = renderHook(() => usePublicInfo());
    await waitFor(() => expect(page.result.current.status).toBe('ready'));
    const user = renderForm();
    await fillValid(user);
    const seen: string[] = [];
    const watcher = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('heading', { name: "You're All Set!" });
    watcher.disconnect();
    expect(seen.some((text) => text.includes('Getting our number'))).toBe(false);
    expect(seen.find((text) => text.includes("You're All Set!"))).toContain('(415) 555-0100');
  });

  it('never makes a number up: says it will follow by email when none is set up yet', async () => {
    const api = installFakeApi({
      service_name: 'Voice Summary',
      phone_number: null,
      contact_email: 'help@example.com',
      site_url: 'https://voice.example.com',
    });
    api.on('POST', '/api/signups', () => ({ status: 201, body: { ok: true, join: null } }));
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/still being set up. We'll email it to you at/)).toHaveTextContent(
      'maria@example.com',
    );
    expect(screen.queryByRole('button', { name: /Copy number/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add to Contacts/ })).toBeNull();
  });
});

describe('copying the number', () => {
  it('shows "Copied!" for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    api.on('POST', '/api/signups', () => ({ status: 201, body: { ok: true, join: null } }));
    // user-event puts its own clipboard in place of the browser's: what the page copies can be read back.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<SignupForm serviceName="Voice Summary" titleId="t" />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.click(await screen.findByRole('button', { name: /Copy number/ }));
    expect(await navigator.clipboard.readText()).toBe('(415) 555-0100');
    expect(screen.getByRole('button', { name: /Copied!/ })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(screen.getByRole('button', { name: /Copied!/ })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('button', { name: /Copy number/ })).toBeInTheDocument();
  });

  it('still copies where the Clipboard API is missing', async () => {
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand;
    const api = installFakeApi();
    api.on('POST', '/api/signups', () => ({ status: 201, body: { ok: true, join: null } }));
    const user = renderForm();
    // An older browser or an in-app webview: no Clipboard API at all.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.click(await screen.findByRole('button', { name: /Copy number/ }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByRole('button', { name: /Copied!/ })).toBeInTheDocument();
  });
});
