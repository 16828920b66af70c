import type { Message } from '@core/messages/message';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, installFakeApi } from '@/testing/fake-api';
import { MessageList } from './message-list';

const message = (id: string, overrides: Partial<Message> = {}): Message => ({
  id,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: `audio/${id}.wav`,
  status: 'pending',
  summary: null,
  transcript: null,
  error_message: null,
  reply_sent: false,
  ...overrides,
});

const toggle = (id: string) => document.querySelector<HTMLElement>(`[data-row="${id}"]`)!;
const rowOf = (id: string) => toggle(id).closest('li')!;

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe("a row's state and action, without opening it (SPEC section 4, issue 34)", () => {
  it.each([
    ['pending', {}, 'Waiting to process...', 'Process Now'],
    ['processing', { status: 'processing' }, 'Processing audio message...', 'Retry Now'],
    [
      'failed',
      { status: 'failed', error_message: 'No speech was found in the audio.' },
      'No speech was found in the audio.',
      'Retry Processing',
    ],
  ] as const)('when %s says its words and offers its action', (_status, overrides, words, action) => {
    render(<MessageList messages={[message('m1', overrides)]} label="Recent Messages" />);
    const row = rowOf('m1');
    expect(toggle('m1')).toHaveAttribute('aria-expanded', 'false');
    expect(within(row).getByText(words)).toBeVisible();
    expect(within(row).getByRole('button', { name: action })).toBeVisible();
  });

  it('when completed shows the gist and "• Reply sent", and no action', () => {
    render(
      <MessageList
        messages={[
          message('m1', { status: 'completed', summary: 'Maria asks for a call back.', reply_sent: true }),
          message('m2', { status: 'completed', summary: 'Dentist moved the visit.', reply_sent: false }),
        ]}
        label="Recent Messages"
      />,
    );
    expect(within(rowOf('m1')).getByText('Maria asks for a call back.')).toBeVisible();
    expect(within(rowOf('m1')).getByText('• Reply sent')).toBeVisible();
    expect(within(rowOf('m2')).queryByText('• Reply sent')).toBeNull();
    expect(screen.queryByRole('button', { name: /Process Now|Retry/ })).toBeNull();
  });

  it('offers no action when processing the recording again would fail the same way', () => {
    render(
      <MessageList
        messages={[message('m1', { status: 'failed', error_message: 'Too long.', error_retryable: false })]}
        label="Recent Messages"
      />,
    );
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('sends the retry with the message id, audio and sender, and cannot be pressed twice meanwhile', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    api.on('POST', '/api/process-audio', () => new Promise((resolve) => (answer = resolve)));
    render(
      <MessageList
        messages={[message('m1', { status: 'failed', error_message: 'x' })]}
        label="Recent Messages"
      />,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Retry Processing' });
    await user.click(button);
    expect(button).toBeDisabled();
    await user.click(button);
    answer({ status: 202, body: { attempt: 2 } });
    await screen.findByRole('button', { name: 'Retry Processing' });
    expect(toggle('m1')).toHaveAttribute('aria-expanded', 'false');
    expect(api.calls.filter((c) => c.path === '/api/process-audio')).toEqual([
      {
        method: 'POST',
        path: '/api/process-audio',
        body: { messageId: 'm1', audioUrl: 'audio/m1.wav', sender: '+14155550123' },
      },
    ]);
  });

  it.each([
    [
      "the server's error text",
      { status: 409, body: { error: 'That message was completed already.' } },
      'That message was completed already.',
    ],
    ['"Retry failed" for an answer without one', { status: 500, body: {} }, 'Retry failed'],
    [
      '"Failed to retry processing" when there is no answer',
      'network-error' as const,
      'Failed to retry processing',
    ],
  ])('says %s when the retry fails', async (_case, reply, text) => {
    api.on('POST', '/api/process-audio', () => reply);
    render(<MessageList messages={[message('m1', { status: 'processing' })]} label="Recent Messages" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('keeps one Tab stop per list: the current row, then its action, then out of the list', async () => {
    render(
      <>
        <MessageList
          messages={[message('m1'), message('m2', { status: 'failed', error_message: 'x' })]}
          label="Recent Messages"
        />
        <button type="button">After</button>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(toggle('m1')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Process Now' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{Tab}{/Shift}{ArrowDown}');
    expect(toggle('m2')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Retry Processing' })).toHaveFocus();
  });
});
