import type { SignupRecord } from '@core/senders/signup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { SignupsPanel } from './signups-panel';

const signup = (email: string, changes: Partial<SignupRecord>): SignupRecord => ({
  name: email.split('@')[0]!,
  email,
  phone: '+14155550142',
  sms_opt_in: true,
  sms_confirmed_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  ...changes,
});

describe('the Sign-ups section', () => {
  it('says which sign-ups’ phones confirmed their texts with JOIN, and which still wait', async () => {
    const api = installFakeApi();
    const signups = [
      signup('confirmed@example.com', { sms_confirmed_at: '2026-11-20T09:05:00.000Z' }),
      signup('waiting@example.com', {}),
      signup('email-only@example.com', { phone: null, sms_opt_in: false }),
    ];
    api.on('GET', '/api/signups', () => ({ status: 200, body: { total: 3, signups } }));
    render(<SignupsPanel reloadKey={0} />);

    const row = async (email: string) => (await screen.findByText(email)).closest('li')!;
    expect(await row('confirmed@example.com')).toHaveTextContent('(415) 555-0142 · Texts: Confirmed');
    expect(await row('waiting@example.com')).toHaveTextContent('Texts: Waiting for JOIN');
    expect(await row('email-only@example.com')).toHaveTextContent('No phone');
    expect(await row('email-only@example.com')).not.toHaveTextContent('Texts:');
  });

  it('lets a long email wrap only before the @ and the dots of its domain, never inside a name', async () => {
    const api = installFakeApi();
    const email = 'margaret.okonkwo-whitfield@harrison-street-property-management.example.com';
    api.on('GET', '/api/signups', () => ({ status: 200, body: { total: 1, signups: [signup(email, {})] } }));
    render(<SignupsPanel reloadKey={0} />);
    const shown = await screen.findByText(email);
    expect(shown.innerHTML).toBe(
      'margaret.okonkwo-whitfield<wbr>@harrison-street-property-management<wbr>.example<wbr>.com',
    );
    expect(shown).not.toHaveClass('break-all');
  });
});
