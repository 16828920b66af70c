import type { Message } from '@core/messages/message';
import type { Urgency } from '@core/urgency/urgency-schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, installFakeApi } from '@/testing/fake-api';
import { MessageDetail } from './message-detail';
import { MessageList } from './message-list';

const SICK_CHILD: Urgency = { level: 'urgent', reason: 'a child is sick at school', source: 'rules' };

const judged = (id: string, urgency: Urgency | null, overrides: Partial<Message> = {}): Message => ({
  id,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  updated_at: new Date(Date.now() - 4 * 60_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: null,
  status: 'completed',
  summary: `Summary of ${id}.`,
  transcript: `Transcript of ${id}.`,
  error_message: null,
  reply_sent: false,
  urgency,
  ...overrides,
});

/** The server's answer to a correction: the message with it (or without, for the pipeline's own level). */
function answerCorrections(api: FakeApi, message: Message) {
  api.on('PUT', `/api/messages/${message.id}/urgency`, ({ body }) => {
    const { level } = body as { level: Urgency['level'] };
    const was = message.urgency!.level;
    return {
      status: 200,
      body: {
        message: {
          ...message,
          updated_at: new Date().toISOString(),
          urgency_review:
            level === was
              ? null
              : { level, was, reviewed_by: 'ops@example.com', reviewed_at: new Date().toISOString() },
        },
      },
    };
  });
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('urgency in the list', () => {
  it('says "Urgent" first in an urgent row, "Likely spam" in a spam one, and nothing extra when normal', () => {
    render(
      <MessageList
        label="Messages"
        messages={[
          judged('urgent', SICK_CHILD),
          judged('spam', { level: 'likely_spam', reason: 'recorded sales pitch', source: 'rules' }),
          judged('normal', { level: 'normal', reason: '', source: 'model' }),
          judged('before', null),
        ]}
      />,
    );
    const [urgent, spam, normal, before] = screen.getAllByRole('button', { expanded: false });
    // In words (read first, the button's name), with an icon beside: never colour alone.
    expect(urgent).toHaveAccessibleName(/^Urgent Completed/);
    expect(urgent!.textContent).toMatch(/^Urgent/);
    expect(within(urgent!).getByText('Urgent').querySelector('svg')).not.toBeNull();
    expect(spam).toHaveAccessibleName(/^Likely spam Completed/);
    for (const row of [normal, before]) {
      expect(row).toHaveAccessibleName(/^Completed/);
      expect(row!.querySelector('[data-urgency]')).toBeNull();
    }
  });

  it('follows a correction made in the opened row at once, before any live update', async () => {
    const message = judged('m1', SICK_CHILD);
    answerCorrections(api, message);
    render(<MessageList label="Messages" messages={[message]} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: /^Urgent Completed/ }).focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Normal', pressed: false }));
    expect(await screen.findByRole('button', { name: /^Completed/, expanded: true })).toBeInTheDocument();
    expect(document.querySelector('[data-urgency]')).toBeNull();
  });
});

describe('urgency in the opened message', () => {
  it('gives the level with its reason, and who corrected it and when with what the service had said', () => {
    const { unmount } = render(<MessageDetail message={judged('m1', SICK_CHILD)} />);
    expect(screen.getByText('Urgent: a child is sick at school')).toBeInTheDocument();
    expect(screen.queryByText(/^Corrected by/)).toBeNull();
    unmount();

    render(
      <MessageDetail
        message={judged('m1', SICK_CHILD, {
          urgency_review: {
            level: 'normal',
            was: 'urgent',
            reviewed_by: 'ops@example.com',
            reviewed_at: new Date(Date.now() - 120_000).toISOString(),
          },
        })}
      />,
    );
    expect(screen.getByText('Normal', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(/^Corrected by ops@example\.com, /)).toHaveTextContent(
      /2 min ago.*; the service had said Urgent: a child is sick at school\.$/,
    );
    expect(screen.getByRole('button', { name: 'Normal' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is corrected by keyboard alone, and choosing the service’s own level again clears it', async () => {
    const message = judged('m1', SICK_CHILD);
    answerCorrections(api, message);
    /** The row's part: it keeps what the server answered and shows it. */
    function Opened() {
      const [shown, setShown] = useState(message);
      return <MessageDetail message={shown} onChanged={setShown} />;
    }
    render(<Opened />);
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Urgency' });
    const choice = (name: string) => within(group).getByRole('button', { name });
    expect(choice('Urgent')).toHaveAttribute('aria-pressed', 'true');
    choice('Urgent').focus();
    await user.keyboard('{Tab}');
    expect(choice('Normal')).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByText(/^Corrected by ops@example\.com/);
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ level: 'normal' }]);
    expect(choice('Normal')).toHaveAttribute('aria-pressed', 'true');
    // The keyboard stays where it was.
    expect(choice('Normal')).toHaveFocus();

    // Pressing the level shown sends nothing; the service's own level clears the correction.
    await user.keyboard('{Enter}');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    await screen.findByText('Urgent: a child is sick at school');
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ level: 'urgent' });
    expect(screen.queryByText(/^Corrected by/)).toBeNull();
    expect(choice('Urgent')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says in the server’s words why a correction was refused', async () => {
    api.on('PUT', '/api/messages/m1/urgency', () => ({
      status: 409,
      body: { error: 'The message changed while you corrected it: look at it again and retry.' },
    }));
    render(<MessageDetail message={judged('m1', SICK_CHILD)} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Likely spam' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The message changed while you corrected it: look at it again and retry.',
    );
  });

  it('shows nothing to correct before the pipeline judged it', () => {
    render(
      <MessageDetail
        message={judged('m1', null, { status: 'processing', summary: null, transcript: null })}
      />,
    );
    expect(screen.queryByRole('group', { name: 'Urgency' })).toBeNull();
  });
});
