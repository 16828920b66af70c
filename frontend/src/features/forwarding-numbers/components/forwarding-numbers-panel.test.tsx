import type { ForwardingNumbersReport } from '@core/calls/forwarding-number-view';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { ForwardingNumbersPanel } from './forwarding-numbers-panel';

const PRICES = { voice_minute: 0.0085, phone_number_month: 1.15 };
const base = {
  provider_sid: 'PN0123',
  carrier: null,
  confirmed_at: null,
  last_call_at: null,
  idle_notice_at: null,
  release_after: null,
};

function show(report: ForwardingNumbersReport | 'fails') {
  const api = installFakeApi();
  let current = report;
  api.on('GET', '/api/forwarding-numbers', () =>
    current === 'fails' ? { status: 500, body: { error: 'Internal error' } } : { status: 200, body: current },
  );
  render(<ForwardingNumbersPanel reloadKey={0} />);
  return { setReport: (next: ForwardingNumbersReport) => (current = next) };
}

describe('the Forwarding numbers section (issue 33)', () => {
  it('explains how a subscriber gets a number when there is none, and what one costs', async () => {
    show({ month: '2026-11', numbers: [], month_cost: 0, prices: PRICES });
    const section = await screen.findByRole('region', { name: 'Forwarding numbers' });
    expect(await within(section).findByText(/No forwarding numbers yet/)).toBeInTheDocument();
    expect(within(section).getByText('FORWARD')).toBeInTheDocument();
    expect(section).toHaveTextContent('Each number costs $1.15 a month and $0.0085 a minute of calls.');
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('lists each number with its subscriber, carrier, confirmation, last call, release and month cost', async () => {
    show({
      month: '2026-11',
      month_cost: 3.3595,
      prices: PRICES,
      numbers: [
        {
          ...base,
          number: '+13125550199',
          subscriber: '+14155550122',
          created_at: '2026-11-03T10:00:00.000Z',
          release_after: new Date(Date.now() + 12 * 86_400_000).toISOString(),
          month_minutes: 0,
          month_cost: 1.15,
        },
        {
          ...base,
          number: '+13125550100',
          subscriber: '+14155550111',
          carrier: 'att',
          created_at: '2026-11-02T10:00:00.000Z',
          confirmed_at: '2026-11-02T10:05:00.000Z',
          last_call_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
          month_minutes: 7,
          month_cost: 1.2095,
        },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Forwarding numbers' });
    const [fresh, working] = within(list).getAllByRole('listitem');
    expect(fresh).toHaveTextContent('(312) 555-0199');
    expect(fresh).toHaveTextContent('For (415) 555-0122');
    expect(fresh).toHaveTextContent('Not confirmed: no forwarded call yet');
    expect(fresh).toHaveTextContent('no calls');
    expect(fresh).toHaveTextContent(/to be released [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(fresh).toHaveTextContent('$1.15 this month');
    expect(working).toHaveTextContent('For (415) 555-0111 · AT&T');
    expect(working).toHaveTextContent('Forwarding works (first call Nov 2, 2026)');
    expect(working).toHaveTextContent('last call 2 h ago');
    expect(working).toHaveTextContent('7 minutes');
    expect(working).toHaveTextContent('$1.21 this month');
    expect(working).not.toHaveTextContent('released');
    expect(screen.getByText(/2 numbers/).closest('p')).toHaveTextContent('$3.36 in November 2026');
  });

  it('says when the list could not be loaded, and tries again on request', async () => {
    const { setReport } = show('fails');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/could not be loaded/)).toBeInTheDocument();
    setReport({ month: '2026-11', numbers: [], month_cost: 0, prices: PRICES });
    await userEvent.setup().click(retry);
    expect(await screen.findByText(/No forwarding numbers yet/)).toBeInTheDocument();
  });
});
