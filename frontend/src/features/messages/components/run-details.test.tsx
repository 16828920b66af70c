import type { RunView } from '@core/messages/run-steps';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { RunDetails } from './run-details';

const step = (name: string, extra: Partial<RunView['runs'][number]['steps'][number]> = {}) => ({
  step: name,
  started_at: '2026-11-24T10:00:00.000Z',
  duration_ms: 120,
  attempt: 1,
  outcome: 'ok' as const,
  error_name: null,
  try: 1,
  ...extra,
});

const VIEW: RunView = {
  message_id: 'm1',
  runs: [
    {
      attempt: 1,
      steps: [
        step('MarkProcessing', { duration_ms: 40 }),
        step('PrepareAudio', { duration_ms: 900 }),
        step('Transcribe', { duration_ms: 30_000, outcome: 'error', error_name: 'TransientError' }),
        step('Transcribe', { duration_ms: 4_200, try: 2 }),
        step('Summarize', { duration_ms: 1_500 }),
        step('SendReply', { duration_ms: 300 }),
        step('MarkCompleted', { duration_ms: 35 }),
      ],
    },
  ],
  reply_parts: [
    { part: 1, segments: 2, delivery: null },
    { part: 2, segments: 3, delivery: { status: 'undelivered', error_code: '30007' } },
  ],
  other_texts: [],
  estimated_cost: 0.0787,
};

describe('Details on a message card', () => {
  it('opens from the keyboard and shows each try with its duration, the retry and its error, the parts and the cost', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages/m1/run', () => ({ status: 200, body: VIEW }));
    const user = userEvent.setup();
    render(<RunDetails messageId="m1" />);

    const toggle = screen.getByRole('button', { name: 'Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.calls.some((c) => c.path === '/api/messages/m1/run')).toBe(false);
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const details = await screen.findByRole('region', { name: 'Run details' });
    const rows = within(details).getAllByRole('listitem');
    expect(rows[2]).toHaveTextContent('Transcribe · 30.0 s · failed, retried: TransientError');
    expect(rows[3]).toHaveTextContent('Transcribe · try 2 · 4.2 s · done');
    expect(rows[0]).toHaveTextContent('Started · 40 ms · done');
    expect(within(details).getByText('Part 1: 2 segments')).toBeInTheDocument();
    expect(within(details).getByText('undelivered (error 30007)')).toBeInTheDocument();
    expect(details).toHaveTextContent('Estimated cost: $0.0787');

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Run details' })).toBeNull();
  });

  it('gives each reply part to the delivery slot when one is passed', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages/m1/run', () => ({ status: 200, body: VIEW }));
    render(
      <RunDetails messageId="m1" renderPartDelivery={(part) => <span>delivery of part {part.part}</span>} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details' }));
    expect(await screen.findByText('delivery of part 1')).toBeInTheDocument();
    expect(screen.getByText('delivery of part 2')).toBeInTheDocument();
  });

  it('says a part went as an MMS with cards (CARDS ON) rather than counting its segments', async () => {
    const api = installFakeApi();
    const parts = [{ part: 1, segments: 2, media: 2, delivery: null }];
    api.on('GET', '/api/messages/m1/run', () => ({ status: 200, body: { ...VIEW, reply_parts: parts } }));
    render(<RunDetails messageId="m1" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details' }));
    expect(await screen.findByText('Part 1: an MMS with 2 files (cards)')).toBeInTheDocument();
  });

  it('lists the other texts sent about the message (FULL answers, failure notices) with their delivery', async () => {
    const api = installFakeApi();
    const delivered = { status: 'delivered', error_code: null };
    api.on('GET', '/api/messages/m1/run', () => ({
      status: 200,
      body: {
        ...VIEW,
        other_texts: [
          { kind: 'full-transcript', attempt: 1, part: 1, segments: 3, delivery: delivered },
          { kind: 'full-transcript', attempt: 1, part: 2, segments: 1, delivery: delivered },
          {
            kind: 'failure-notice',
            attempt: 2,
            part: 1,
            segments: 1,
            delivery: { status: 'failed', error_code: '30003' },
          },
        ],
      },
    }));
    render(
      <RunDetails
        messageId="m1"
        renderPartDelivery={(part) => <span>{`delivery ${part.delivery?.status}`}</span>}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details' }));
    const others = (await screen.findByRole('heading', { name: 'Other texts about this message' }))
      .parentElement!;
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Full transcript (the sender texted FULL), part 1 (run 1): 3 segmentsdelivery delivered',
      'Full transcript (the sender texted FULL), part 2 (run 1): 1 segmentdelivery delivered',
      'Failure notice (run 2): 1 segmentdelivery failed',
    ]);
  });

  it('says so when nothing was recorded yet, and when the details cannot be loaded', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages/m1/run', () => ({
      status: 200,
      body: { ...VIEW, runs: [], reply_parts: [], estimated_cost: 0.001 },
    }));
    api.on('GET', '/api/messages/m2/run', () => ({
      status: 404,
      body: { error: 'There is no message m2.' },
    }));
    const user = userEvent.setup();
    render(
      <>
        <RunDetails messageId="m1" />
        <RunDetails messageId="m2" />
      </>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Details' });
    await user.click(first!);
    expect(await screen.findByText('No steps recorded yet.')).toBeInTheDocument();
    expect(screen.getByText('No reply parts were sent.')).toBeInTheDocument();
    expect(screen.queryByText('Other texts about this message')).toBeNull();
    await user.click(second!);
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no message m2.');
  });
});
