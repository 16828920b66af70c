import type { SmsPart } from '@core/delivery/delivery-status';
import type { Message } from '@core/messages/message';
import { REFUSAL_WORDS } from '@core/messages/refused-inbound';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, installFakeApi } from '@/testing/fake-api';
import { MessageList, MessageListPlaceholder } from './message-list';

const part = (index: number, status: SmsPart['status']): SmsPart => ({
  sid: `SM${String(index).padStart(32, '0')}`,
  index,
  kind: 'reply',
  segments: 1,
  status,
  error_code: status === 'undelivered' ? 30007 : null,
  status_updated_at: '2026-11-24T09:00:00.000Z',
});

const completed = (id: string, overrides: Partial<Message> = {}): Message => ({
  id,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: `audio/${id}.wav`,
  status: 'completed',
  summary: `Summary of ${id}.`,
  transcript: `Transcript of ${id}.`,
  error_message: null,
  reply_sent: true,
  ...overrides,
});

const rows = () => screen.getAllByRole('button', { expanded: false }).concat();
/** A row's own button (the one that opens it), not its action. */
const row = (name: RegExp) => {
  const [toggle, ...others] = screen
    .getAllByRole('button', { name })
    .filter((b) => b.hasAttribute('data-row'));
  if (!toggle || others.length > 0) throw new Error(`expected one row named ${name}`);
  return toggle;
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('a message row', () => {
  it.each([
    ['Not delivered', { sms_parts: [part(0, 'delivered'), part(1, 'undelivered')] }],
    ['Sent', { sms_parts: [part(0, 'delivered'), part(1, 'sent')] }],
    ['Delivered', { sms_parts: [part(0, 'delivered'), part(1, 'delivered')] }],
    ['Completed', { reply_sent: false }],
    ['Processing', { status: 'processing', summary: null, transcript: null }],
    ['Failed', { status: 'failed', summary: null, transcript: null, error_message: 'No speech was found.' }],
    [
      'Limited',
      {
        status: 'failed',
        summary: null,
        transcript: null,
        error_message:
          'Not transcribed: this number had already sent 20 voice messages today, the daily limit (Settings). Retry Processing to transcribe it anyway.',
      },
    ],
  ] as const)('says one status that tells the truth: %s', (label, overrides) => {
    render(<MessageList label="Messages" messages={[completed('m1', overrides as Partial<Message>)]} />);
    const badge = row(/m1|Processing|No speech|Not transcribed/).querySelector('[data-outcome]');
    expect(badge).toHaveTextContent(new RegExp(`^${label}$`));
    // Never colour alone: an icon beside the word.
    expect(badge?.querySelector('svg')).not.toBeNull();
  });

  it('says "Not delivered", never "Completed", for a reply the carrier did not deliver', () => {
    render(
      <MessageList
        label="Messages"
        messages={[completed('m1', { sms_parts: [part(0, 'delivered'), part(1, 'undelivered')] })]}
      />,
    );
    const button = row(/Summary of m1/);
    expect(button).toHaveAccessibleName(/^Not delivered/);
    expect(within(button).queryByText('Completed')).toBeNull();
  });

  it('leads with who called when the checks named them, else the number; then the gist and the time', () => {
    const caller = 'Rebecca from Dr. Patel’s office';
    render(
      <MessageList
        label="Messages"
        messages={[
          completed('m1', {
            summary: `${caller}: your cleaning moved to Thursday.`,
            summary_details: {
              summary: `${caller}: your cleaning moved to Thursday.`,
              key_points: [],
              callback_number: null,
              callback_time: null,
              requested_action: null,
              caller,
            },
          }),
          completed('m2', { sender: '+447700900123', phone_number: '+447700900123' }),
          completed('m3', { sender: 'test-user', phone_number: null, source: 'upload' }),
        ]}
      />,
    );
    const [first, second, third] = screen.getAllByRole('button');
    expect(within(first!).getByText(caller)).toBeInTheDocument();
    // The gist leaves out the caller the row already leads with.
    expect(within(first!).getByText('your cleaning moved to Thursday.')).toBeInTheDocument();
    expect(within(first!).getByText('5 min ago')).toBeInTheDocument();
    expect(within(second!).getByText('+447700900123')).toBeInTheDocument();
    expect(within(third!).getByText('test-user')).toBeInTheDocument();
    expect(screen.queryByText('(415) 555-0123')).toBeNull();
  });

  it('opens in place to the whole message, and asks for its words only then', async () => {
    api.on('GET', '/api/messages/m2/words', () => ({ status: 200, body: { words: null } }));
    render(<MessageList label="Messages" messages={[completed('m1'), completed('m2'), completed('m3')]} />);
    expect(screen.queryByText('Transcript of m2.')).toBeNull();
    expect(api.calls.filter((call) => call.path.endsWith('/words'))).toEqual([]);

    const user = userEvent.setup();
    await user.click(row(/Summary of m2/));
    expect(row(/Summary of m2/)).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Transcript of m2.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    await expect
      .poll(() => api.calls.filter((call) => call.path.endsWith('/words')).map((call) => call.path))
      .toEqual(['/api/messages/m2/words']);

    await user.click(row(/Summary of m2/));
    expect(row(/Summary of m2/)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Transcript of m2.')).toBeNull();
  });

  it('shows a failed message’s reason as its gist', () => {
    const reason = 'The file is a picture (image/jpeg), not audio.';
    render(
      <MessageList
        label="Messages"
        messages={[
          completed('m1', { status: 'failed', summary: null, transcript: null, error_message: reason }),
        ]}
      />,
    );
    expect(row(/Failed/)).toHaveTextContent(reason);
  });
});

describe('the row of something refused instead of a voice message', () => {
  it('says "Refused" and, as its gist, what came in and what we answered', () => {
    const refusal = {
      reason: 'not-audio' as const,
      kind: 'attachment' as const,
      content_types: ['image/png'],
      text: null,
      count: 1,
      last_at: new Date().toISOString(),
      answered: 'Only voice messages can be summarized.',
    };
    render(
      <MessageList
        label="Messages"
        messages={[
          completed('m1', {
            status: 'failed',
            summary: null,
            transcript: null,
            error_message: REFUSAL_WORDS['not-audio'],
            error_retryable: false,
            refusal,
          }),
          completed('m2', {
            status: 'failed',
            summary: null,
            transcript: null,
            error_message: REFUSAL_WORDS['opted-out'],
            error_retryable: false,
            refusal: {
              ...refusal,
              reason: 'opted-out',
              kind: 'text',
              content_types: [],
              count: 3,
              answered: null,
            },
          }),
        ]}
      />,
    );
    const [picture, texts] = screen.getAllByRole('button');
    expect(picture).toHaveAccessibleName(
      /^Refused .*A picture \(image\/png\); we answered “Only voice messages can be summarized\.”/,
    );
    expect(texts).toHaveTextContent('A text, 3 times that day; we answered nothing');
  });

  it('gives why, what came in and the answer when opened, with nothing to retry', async () => {
    render(
      <MessageList
        label="Messages"
        messages={[
          completed('m1', {
            status: 'failed',
            summary: null,
            transcript: null,
            error_message: REFUSAL_WORDS['not-a-command'],
            error_retryable: false,
            refusal: {
              reason: 'not-a-command',
              kind: 'text',
              content_types: [],
              text: 'hello?',
              count: 1,
              last_at: new Date().toISOString(),
              answered: 'Send a voice message to get a summary.',
            },
          }),
        ]}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /^Refused/ }));
    expect(screen.getByText(REFUSAL_WORDS['not-a-command'])).toBeInTheDocument();
    expect(screen.getByText('a text: “hello?”')).toBeInTheDocument();
    expect(screen.getByText('“Send a voice message to get a summary.”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry|Details/ })).toBeNull();
  });
});

describe('the keyboard in the list', () => {
  const three = [completed('m1'), completed('m2'), completed('m3')];

  it('is one Tab stop; the arrow keys, Home and End move between rows', async () => {
    render(
      <>
        <button type="button">Before</button>
        <MessageList label="Messages" messages={three} />
        <button type="button">After</button>
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(row(/Summary of m1/)).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(row(/Summary of m1/)).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(row(/Summary of m2/)).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(row(/Summary of m3/)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(row(/Summary of m2/)).toHaveFocus();
    await user.keyboard('{End}');
    expect(row(/Summary of m3/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(row(/Summary of m1/)).toHaveFocus();

    // The row last stood on stays the Tab stop.
    await user.keyboard('{ArrowDown}');
    await user.tab();
    await user.tab({ shift: true });
    expect(row(/Summary of m2/)).toHaveFocus();
    expect(rows().filter((button) => button.tabIndex === 0)).toHaveLength(1);
  });

  it('opens and closes a row with Enter; Tab goes into the open row, the arrows stay its own there', async () => {
    render(<MessageList label="Messages" messages={three} />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(row(/Summary of m2/)).toHaveAttribute('aria-expanded', 'true');
    expect(row(/Summary of m2/)).toHaveFocus();
    await screen.findByText('Transcript of m2.');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Mark transcript wrong' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Mark transcript wrong' })).toHaveFocus();

    await user.tab({ shift: true });
    expect(row(/Summary of m2/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(row(/Summary of m2/)).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(row(/Summary of m2/)).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('the list while it loads', () => {
  it('shows the shapes of rows, hidden from screen readers, and no count', () => {
    const { container } = render(<MessageListPlaceholder />);
    const placeholder = container.querySelector('[data-placeholder]');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder?.children).toHaveLength(6);
    expect(container).toHaveTextContent(/^$/);
  });
});
