import type { TeamView } from '@core/operator/team';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { TeamPanel } from './team-panel';

const ME = {
  id: 'me-1',
  email: 'owner@example.com',
  created_at: '2026-11-01T09:00:00.000Z',
  email_verified: true,
  is_you: true,
};
const ADA = {
  id: 'ada-2',
  email: 'ada@example.com',
  created_at: '2026-11-20T09:00:00.000Z',
  email_verified: true,
  is_you: false,
};
const NEW = {
  id: 'new-3',
  email: 'new@example.com',
  created_at: '2026-11-21T09:00:00.000Z',
  email_verified: false,
  is_you: false,
};

function show(team: TeamView) {
  const api = installFakeApi();
  let current = team;
  api.on('GET', '/api/team', () => ({ status: 200, body: current }));
  render(<TeamPanel reloadKey={0} />);
  return { api, setTeam: (next: TeamView) => (current = next) };
}

describe('the Team section', () => {
  it('lists the accounts waiting for approval (email, created) and the administrators', async () => {
    show({ admins: [ME], pending: [NEW, ADA] });
    const waiting = await screen.findByRole('list', { name: 'Waiting for approval' });
    expect(within(waiting).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(waiting).getByText(/email not confirmed yet/)).toBeInTheDocument();
    expect(within(waiting).getAllByText(/^Created/)).toHaveLength(2);
    const admins = screen.getByRole('list', { name: 'Administrators' });
    expect(within(admins).getByText('owner@example.com')).toBeInTheDocument();
    expect(within(admins).getByText('(you)')).toBeInTheDocument();
  });

  it('approves an account, shows it busy meanwhile, and moves it to the administrators', async () => {
    const { api, setTeam } = show({ admins: [ME], pending: [ADA] });
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    api.on('POST', '/api/team/ada-2/approve', () => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve ada@example.com' }));
    expect(screen.getByRole('button', { name: 'Approve ada@example.com' })).toBeDisabled();
    expect(screen.getByText('Approving...')).toBeInTheDocument();
    setTeam({ admins: [ME, ADA], pending: [] });
    answer({ status: 200, body: ADA });
    expect(await screen.findByText('ada@example.com is now an administrator.')).toBeInTheDocument();
    const admins = screen.getByRole('list', { name: 'Administrators' });
    expect(within(admins).getByText('ada@example.com')).toBeInTheDocument();
  });

  it('cannot approve an account whose email is not confirmed yet', async () => {
    show({ admins: [ME], pending: [NEW] });
    expect(await screen.findByRole('button', { name: 'Approve new@example.com' })).toBeDisabled();
  });

  it('asks before removing, then removes the account', async () => {
    const { api, setTeam } = show({ admins: [ME], pending: [ADA] });
    api.on('DELETE', '/api/team/ada-2', () => ({ status: 204 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove ada@example.com' }));
    expect(screen.getByText('Remove this account?')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    setTeam({ admins: [ME], pending: [] });
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('ada@example.com was removed.')).toBeInTheDocument();
    expect(screen.getByText(/Nobody is waiting/)).toBeInTheDocument();
  });

  it('does not offer to remove the last administrator', async () => {
    show({ admins: [ME], pending: [] });
    expect(await screen.findByRole('button', { name: 'Remove owner@example.com' })).toBeDisabled();
  });

  it("says in words why the server refused, with the server's own reason", async () => {
    const { api } = show({ admins: [ME, ADA], pending: [] });
    api.on('DELETE', '/api/team/ada-2', () => ({
      status: 409,
      body: {
        error:
          'ada@example.com is the last administrator and cannot be removed: approve another administrator first.',
      },
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove ada@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not remove ada@example.com. ada@example.com is the last administrator and cannot be removed',
    );
  });

  it('says when the team could not be loaded, and loads it again on request', async () => {
    const api = installFakeApi();
    let fail = true;
    api.on('GET', '/api/team', () =>
      fail ? 'network-error' : { status: 200, body: { admins: [ME], pending: [] } },
    );
    render(<TeamPanel reloadKey={0} />);
    const user = userEvent.setup();
    expect(await screen.findByText(/The team could not be loaded/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('owner@example.com')).toBeInTheDocument();
  });
});
