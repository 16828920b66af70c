import { act, render, screen } from '@testing-library/react';
import { Hub } from 'aws-amplify/utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as auth from '../api/auth';
import { AdminGate } from './admin-gate';

vi.mock('../api/auth', () => ({
  getSession: vi.fn(),
  signOutEverywhere: vi.fn(),
  takeSessionEndReason: vi.fn(),
}));

const api = vi.mocked(auth);
const waiting = { status: 'signed-in', email: 'new@example.com', isAdmin: false } as const;
const approved = { status: 'signed-in', email: 'new@example.com', isAdmin: true } as const;

beforeEach(() => {
  vi.resetAllMocks();
});

function renderGate() {
  render(<AdminGate dashboard={({ email }) => <p>Dashboard of {email}</p>} />);
}

describe('the admin view on load', () => {
  it('opens the dashboard for an account approved since its tokens were issued, without Check again', async () => {
    // The tokens the browser kept predate the approval; Cognito's fresh ones carry the admins group.
    api.getSession.mockImplementation(async (options = {}) => (options.forceRefresh ? approved : waiting));
    renderGate();
    expect(await screen.findByText('Dashboard of new@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for approval')).not.toBeInTheDocument();
  });

  it('says "Waiting for approval" when the fresh tokens still carry no admins group', async () => {
    api.getSession.mockResolvedValue(waiting);
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeInTheDocument();
    expect(api.getSession).toHaveBeenLastCalledWith({ forceRefresh: true });
  });

  it('asks Cognito once for an administrator: the tokens it has already say so', async () => {
    api.getSession.mockResolvedValue(approved);
    renderGate();
    expect(await screen.findByText('Dashboard of new@example.com')).toBeInTheDocument();
    expect(api.getSession).toHaveBeenCalledTimes(1);
  });
});

describe('a session the API ended (issue 31)', () => {
  it('shows sign-in with the reason, not the dashboard, once the page signs out', async () => {
    api.getSession.mockResolvedValue(approved);
    api.takeSessionEndReason.mockReturnValue(
      'Your session ended when the password was reset: sign in again.',
    );
    renderGate();
    expect(await screen.findByText('Dashboard of new@example.com')).toBeInTheDocument();

    // What endSessionHere's sign-out emits after an admin route answered 401.
    act(() => Hub.dispatch('auth', { event: 'signedOut' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(
      screen.getByText('Your session ended when the password was reset: sign in again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Dashboard of new@example.com')).not.toBeInTheDocument();
  });
});
