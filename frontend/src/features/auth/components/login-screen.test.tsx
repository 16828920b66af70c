import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as auth from '../api/auth';
import { LoginScreen } from './login-screen';

vi.mock('../api/auth', () => ({
  signInWithPassword: vi.fn(),
  createAccount: vi.fn(),
  confirmAccount: vi.fn(),
  sendCodeAgain: vi.fn(),
  sendResetLink: vi.fn(),
  setNewPassword: vi.fn(),
}));

const api = vi.mocked(auth);
const cognitoError = (name: string) => Object.assign(new Error(name), { name });

beforeEach(() => {
  vi.resetAllMocks();
});

function renderLogin(recovery: { email: string; code: string } | null = null) {
  const onSignedIn = vi.fn();
  const onRecoveryHandled = vi.fn();
  render(<LoginScreen recovery={recovery} onSignedIn={onSignedIn} onRecoveryHandled={onRecoveryHandled} />);
  return { onSignedIn, onRecoveryHandled };
}

describe('sign in', () => {
  it('needs an email and a password', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(api.signInWithPassword).not.toHaveBeenCalled();
  });

  it('says "Failed to sign in", the same for a wrong password and an unknown email', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    for (const name of ['NotAuthorizedException', 'UserNotFoundException']) {
      api.signInWithPassword.mockRejectedValueOnce(cognitoError(name));
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to sign in. Check the email and the password.',
      );
    }
  });

  it('signs in and hands over to the admin view', async () => {
    api.signInWithPassword.mockResolvedValue();
    const { onSignedIn } = renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ops@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api.signInWithPassword).toHaveBeenCalledWith('ops@example.com', 'secret1');
  });
});

describe('forgot password', () => {
  it('sends the reset link, then says to check email and that the link expires in 1 hour', async () => {
    api.sendResetLink.mockResolvedValue();
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText(/The link expires in 1 hour\./)).toBeInTheDocument();
    expect(api.sendResetLink).toHaveBeenCalledWith('ops@example.com');
  });

  it('says "Failed to send reset email" when it cannot', async () => {
    api.sendResetLink.mockRejectedValue(cognitoError('LimitExceededException'));
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to send reset email\. Too many attempts/,
    );
  });
});

describe('set new password (from the reset link)', () => {
  const link = { email: 'ops@example.com', code: '123456' };

  it.each([
    ['different passwords', 'secret1', 'secret2', 'Passwords do not match'],
    ['a short password', 'abc', 'abc', 'Password must be at least 6 characters'],
  ])("refuses %s with SPEC's words", async (_case, password, confirmation, message) => {
    renderLogin(link);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.setNewPassword).not.toHaveBeenCalled();
  });

  it('says "Failed to update password" when the code is refused', async () => {
    api.setNewPassword.mockRejectedValue(cognitoError('ExpiredCodeException'));
    renderLogin(link);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'newsecret');
    await user.type(screen.getByLabelText('Confirm password'), 'newsecret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to update password\. The link has expired/,
    );
  });

  it("sets the password with the link's code, signs in with it and clears the link", async () => {
    api.setNewPassword.mockResolvedValue();
    api.signInWithPassword.mockResolvedValue();
    const { onSignedIn, onRecoveryHandled } = renderLogin(link);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'newsecret');
    await user.type(screen.getByLabelText('Confirm password'), 'newsecret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(api.setNewPassword).toHaveBeenCalledWith('ops@example.com', '123456', 'newsecret');
    expect(api.signInWithPassword).toHaveBeenCalledWith('ops@example.com', 'newsecret');
    expect(onRecoveryHandled).toHaveBeenCalled();
  });
});

describe('create account', () => {
  async function startCreating() {
    const result = renderLogin();
    // Advances fake timers where a test uses them; with real timers the call is a no-op.
    const user = userEvent.setup({ advanceTimers: (ms) => vi.isFakeTimers() && vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    return { ...result, user };
  }

  it.each([
    ['different passwords', 'secret1', 'secret2', 'Passwords do not match'],
    ['a short password', 'abc', 'abc', 'Password must be at least 6 characters'],
  ])('refuses %s', async (_case, password, confirmation, message) => {
    const { user } = await startCreating();
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.createAccount).not.toHaveBeenCalled();
  });

  it('says "Failed to create account" when Cognito refuses', async () => {
    api.createAccount.mockRejectedValue(cognitoError('InternalErrorException'));
    const { user } = await startCreating();
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to create account/);
  });

  it('confirms the email with the 6-digit code, shows "Account Created!", and 2 seconds later the admin view', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.createAccount.mockResolvedValue();
    api.confirmAccount.mockResolvedValue();
    api.sendCodeAgain.mockResolvedValue();
    api.signInWithPassword.mockResolvedValue();
    const { user, onSignedIn } = await startCreating();
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('We sent a new code to new@example.com.')).toBeInTheDocument();
    expect(api.sendCodeAgain).toHaveBeenCalledWith('new@example.com');

    await user.type(screen.getByLabelText('Code'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from the email.');
    await user.type(screen.getByLabelText('Code'), '3456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Account Created!' })).toBeInTheDocument();
    expect(api.confirmAccount).toHaveBeenCalledWith('new@example.com', '123456');
    expect(api.signInWithPassword).toHaveBeenCalledWith('new@example.com', 'secret1');

    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(onSignedIn).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });
});
