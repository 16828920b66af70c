import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardShell } from './dashboard-shell';

describe('the dashboard shell', () => {
  it('offers a skip link first: one Tab and Enter from the top put the keyboard in the messages', async () => {
    render(
      <DashboardShell
        skipTo={{ id: 'messages', label: 'Skip to messages' }}
        email="ops@example.com"
        onRefresh={() => {}}
        onSettings={() => {}}
        onLogout={() => {}}
      >
        <button type="button">Usage</button>
        <section id="messages" tabIndex={-1} aria-label="Messages">
          <button type="button">First message</button>
        </section>
      </DashboardShell>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to messages' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Messages' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First message' })).toHaveFocus();
    expect(window.location.hash).toBe('');
  });
});
