import { type SmsBudget, smsBudget } from '@core/delivery/send-limits';
import { DEFAULT_UNIT_PRICES } from '@core/operator/unit-prices';
import { emptyUsageDay, type UsageReport, usageDates, usageReport } from '@core/operator/usage';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { SmsBudgetBanner } from './sms-budget';
import { UsagePanel } from './usage-panel';

/** A month with two busy days (the report the API would build from them), and today's SMS budget. */
function report(days: number, budget: SmsBudget = smsBudget(NOW, 1000, 412)): UsageReport {
  const dates = usageDates(NOW, days);
  const range = usageReport(
    dates,
    [
      {
        ...emptyUsageDay(dates.at(-1)!),
        received: 5,
        received_sms: 4,
        completed: 3,
        failed: 1,
        limited: 1,
        failed_by_reason: { 'no-speech': 1 },
        texts_sent: 4,
        segments: 8,
        audio_seconds: 300,
        refused_attachments: 1,
        unknown_texts: 2,
        opted_out_messages: 1,
      },
      {
        ...emptyUsageDay(dates.at(-3)!),
        received: 2,
        received_sms: 2,
        completed: 2,
        texts_sent: 2,
        segments: 4,
      },
    ],
    { ...DEFAULT_UNIT_PRICES },
  );
  return { ...range, budget, answers_budget: smsBudget(NOW, 200, 0) };
}

const NOW = '2026-11-24T12:00:00.000Z';

describe('the Usage section', () => {
  it('draws the month as an image named by a text summary, with the totals and the estimated cost', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/usage', () => ({ status: 200, body: report(30) }));
    render(<UsagePanel reloadKey={0} />);

    const chart = await screen.findByRole('img', { name: /Voice messages a day/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    const summary =
      'Last 30 days: 7 voice messages received, 5 completed, 1 failed (1 no speech), 1 over the daily limit.';
    expect(chart).toHaveAccessibleDescription(expect.stringContaining(summary));
    // The same words are on the page for everyone, not only in the image's description.
    expect(screen.getByText((text, el) => el?.tagName === 'P' && text.startsWith(summary))).toBeVisible();
    // One bar group a day; the busy days stacked from their counts.
    expect(chart.querySelectorAll('g[data-date]')).toHaveLength(30);
    expect(chart.querySelectorAll('g[data-date="2026-11-24"] rect')).toHaveLength(3);

    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('Received').nextSibling).toHaveTextContent('7');
    expect(within(totals).getByText('Segments sent').nextSibling).toHaveTextContent('12');
    // At the default prices: 7 x $0.00044 (AWS) + 6 x $0.022 (MMS received) + 12 x $0.0113 (segments).
    expect(within(totals).getByText('Estimated cost').nextSibling).toHaveTextContent('$0.2707');
  });

  it('counts the texts sent as MMS with cards (CARDS ON) apart, priced per MMS', async () => {
    const api = installFakeApi();
    const dates = usageDates(NOW, 7);
    const day = { ...emptyUsageDay(dates.at(-1)!), texts_sent: 3, segments: 2, mms_sent: 2 };
    const range = usageReport(dates, [day], { ...DEFAULT_UNIT_PRICES });
    api.on('GET', '/api/usage', () => ({
      status: 200,
      body: { ...range, budget: smsBudget(NOW, 1000, 6), answers_budget: smsBudget(NOW, 200, 0) },
    }));
    render(<UsagePanel reloadKey={0} />);

    const totals = await screen.findByLabelText('Totals');
    expect(within(totals).getByText('MMS sent (cards)').nextSibling).toHaveTextContent('2');
    // 2 x $0.0113 (segments) + 2 x $0.022 (MMS sent).
    expect(within(totals).getByText('Estimated cost').nextSibling).toHaveTextContent('$0.0666');
    const chart = screen.getByRole('img', { name: /Voice messages a day/ });
    expect(chart).toHaveAccessibleDescription(
      expect.stringContaining('3 texts sent in 2 segments and 2 MMS with cards;'),
    );
    expect(screen.getByRole('table', { hidden: true })).toHaveTextContent('Nov 24000220');
  });

  it('loads another range when one is chosen, and lists the numbers by day as a table', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/usage', () => ({ status: 200, body: report(7) }));
    const user = userEvent.setup();
    render(<UsagePanel reloadKey={0} />);
    await screen.findByRole('img', { name: /Voice messages a day/ });
    await user.selectOptions(screen.getByLabelText('Range'), 'Last 7 days');
    expect(api.calls.filter((c) => c.path === '/api/usage')).toHaveLength(2);

    await user.click(screen.getByText('Numbers by day'));
    const table = screen.getByRole('table');
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getByRole('rowheader')).toHaveTextContent('Nov 24');
    expect(firstRow).toHaveTextContent('Nov 24531');
    // What came instead of voice messages, a column each, and said in the summary.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(4, 9)).toEqual(['Segments', 'MMS', 'Pictures, files', 'Other texts', 'After STOP']);
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(5, 8),
    ).toEqual(['1', '2', '1']);
    // A narrow section lists each day on its lines instead: the same counts, only the kinds that came.
    const lines = within(screen.getByRole('list', { name: 'Numbers by day' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent(
      /8 segments, \$[\d.]+; 1 picture or file, 2 other texts, 1 after STOP$/,
    );
    expect(lines[1]).not.toHaveTextContent(/picture|other text|STOP/);
    const refused =
      'Not voice messages: 1 picture or other file, 2 texts that were no command, 1 message from numbers that opted out.';
    expect(screen.getByText((text, el) => el?.tagName === 'P' && text.includes(refused))).toBeVisible();
  });

  it('says each day in words too, for a section too narrow for nine columns (the CSS shows one or the other)', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/usage', () => ({ status: 200, body: report(7) }));
    const user = userEvent.setup();
    render(<UsagePanel reloadKey={0} />);
    await user.click(await screen.findByText('Numbers by day'));
    const days = within(screen.getByRole('list', { name: 'Numbers by day' })).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveTextContent(
      /^Nov 24: 5 received, 3 completed, 1 failed, 8 segments, \$0\.\d{4}; 1 picture or file, 2 other texts, 1 after STOP$/,
    );
    // A day with nothing instead of voice messages does not list the zeros.
    expect(days[2]).toHaveTextContent(/^Nov 22: 2 received, 2 completed, 0 failed, 4 segments, \$0\.\d{4}$/);
  });

  it('says what operators corrected: transcripts marked wrong and urgency levels, only when there were some', async () => {
    const api = installFakeApi();
    const corrected = report(7);
    const today = { ...corrected.days.at(-1)!, wrong_transcripts: 1, urgency_corrections: 2 };
    api.on('GET', '/api/usage', () => ({
      status: 200,
      body: {
        ...corrected,
        days: [...corrected.days.slice(0, -1), today],
        totals: { ...corrected.totals, wrong_transcripts: 1, urgency_corrections: 2 },
      },
    }));
    const { unmount } = render(<UsagePanel reloadKey={0} />);
    const sentence = 'Operators marked 1 transcript wrong and corrected the urgency of 2 messages.';
    expect(
      await screen.findByText((text, el) => el?.tagName === 'P' && text.includes(sentence)),
    ).toBeVisible();
    unmount();

    api.on('GET', '/api/usage', () => ({ status: 200, body: report(7) }));
    render(<UsagePanel reloadKey={1} />);
    await screen.findByRole('img', { name: /Voice messages a day/ });
    expect(screen.queryByText(/corrected the urgency/)).toBeNull();
  });

  it("shows today's segments against the SMS budget, and when it is spent", async () => {
    const api = installFakeApi();
    api.on('GET', '/api/usage', () => ({ status: 200, body: report(30) }));
    const { unmount } = render(<UsagePanel reloadKey={0} />);
    const meter = await screen.findByRole('meter', { name: "Today's SMS budget" });
    expect(meter).toHaveAttribute('aria-valuetext', '412 of 1,000 segments');
    expect(screen.getByText('412 of 1,000 segments')).toBeVisible();
    unmount();

    api.on('GET', '/api/usage', () => ({ status: 200, body: report(30, smsBudget(NOW, 1000, 1004)) }));
    render(<UsagePanel reloadKey={1} />);
    expect(await screen.findByRole('meter', { name: "Today's SMS budget" })).toHaveAttribute(
      'aria-valuetext',
      '1,004 of 1,000 segments, spent',
    );
  });

  it('counts forwarded calls, their minutes, missed calls and numbers held, only when there were any, in the cost', async () => {
    const api = installFakeApi();
    const dates = usageDates(NOW, 30);
    const prices = { ...DEFAULT_UNIT_PRICES, voice_minute: 0.01, phone_number_month: 3 };
    const range = usageReport(
      dates,
      [
        { ...emptyUsageDay(dates.at(-1)!), calls: 3, call_minutes: 5, missed_calls: 1, number_days: 2 },
        { ...emptyUsageDay(dates.at(-2)!), calls: 1, call_minutes: 2, number_days: 2 },
      ],
      prices,
    );
    // 7 minutes at $0.01 and 4 number-days at $3 / 30.
    expect(range.estimated_cost).toBe(0.47);
    api.on('GET', '/api/usage', () => ({
      status: 200,
      body: { ...range, budget: smsBudget(NOW, 1000, 0), answers_budget: smsBudget(NOW, 200, 0) },
    }));
    render(<UsagePanel reloadKey={0} />);
    const totals = await screen.findByLabelText('Totals');
    const tile = (label: string) => within(totals).getByText(label).nextElementSibling;
    expect(tile('Forwarded calls')).toHaveTextContent('4');
    expect(tile('Call minutes')).toHaveTextContent('7');
    expect(tile('Missed calls')).toHaveTextContent('1');
    expect(tile('Numbers held')).toHaveTextContent('2');
    expect(tile('Estimated cost')).toHaveTextContent('$0.4700');
    expect(
      screen.getByText(
        (text, el) =>
          el?.tagName === 'P' &&
          text.includes(
            '4 forwarded calls (7 minutes billed), 1 missed call without a message; 2 forwarding numbers held.',
          ),
      ),
    ).toBeVisible();
    const lines = within(screen.getByRole('list', { name: 'Numbers by day' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('3 calls (5 min, 1 missed)');
  });

  it('shows no call figures for a range without calls or numbers', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/usage', () => ({ status: 200, body: report(30) }));
    render(<UsagePanel reloadKey={0} />);
    const totals = await screen.findByLabelText('Totals');
    expect(within(totals).queryByText('Forwarded calls')).toBeNull();
    expect(screen.queryByText(/forwarded call/)).toBeNull();
  });

  it('says when usage cannot be loaded', async () => {
    installFakeApi().on('GET', '/api/usage', () => ({
      status: 503,
      body: { error: 'Database unavailable.' },
    }));
    render(<UsagePanel reloadKey={0} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable.');
  });
});

describe('the SMS budget banner', () => {
  it('shows nothing while the budget is not spent, and says what happens while it is', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/usage', () => ({ status: 200, body: report(1, smsBudget(NOW, 1000, 999)) }));
    const { rerender } = render(<SmsBudgetBanner reloadKey={0} />);
    await waitFor(() => expect(api.calls.some((c) => c.search === '?days=1')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();

    api.on('GET', '/api/usage', () => ({ status: 200, body: report(1, smsBudget(NOW, 1000, 1000)) }));
    rerender(<SmsBudgetBanner reloadKey={1} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Today's SMS budget is spent (1,000 of 1,000 segments). Replies and other texts are not sent until midnight UTC; only the answers to STOP, START and HELP go out. Raise the budget in Settings, Limits.",
    );
  });
});
