import type { Message } from '@core/messages/message';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { MessageList } from './message-list';

/** Issue 33: each row and each opened message say where it came from, and a call who called. */
const message = (id: string, overrides: Partial<Message> = {}): Message => ({
  id,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: `audio/${id}.wav`,
  status: 'completed',
  summary: 'Asks to move Friday’s appointment.',
  transcript: 'Hi, it is about Friday.',
  error_message: null,
  reply_sent: true,
  ...overrides,
});

const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-row="${id}"]`)!;

beforeEach(() => {
  // Opening a row asks for its run; unanswered here (404), it says nothing of where the message came from.
  installFakeApi();
});

describe('where a message came from (issue 33)', () => {
  it("marks each row as a call, an MMS or an upload, a call under its caller's number or as a private number", () => {
    render(
      <MessageList
        label="Messages"
        messages={[
          message('call', { source: 'call', caller_number: '+13125550147' }),
          message('private', { source: 'call', caller_number: null }),
          message('mms', { source: 'sms' }),
          message('upload', { source: 'upload', sender: 'Test upload', phone_number: null }),
          // Saved before `source` existed: a sender's number means it was texted, none an upload.
          message('old-mms'),
          message('old-upload', { sender: 'dana-test', phone_number: null }),
        ]}
      />,
    );
    expect(rowOf('call')).toHaveTextContent(/Call: \(312\) 555-0147/);
    expect(rowOf('private')).toHaveTextContent(/Call: Private number/);
    expect(rowOf('mms')).toHaveTextContent(/MMS: \(415\) 555-0123/);
    expect(rowOf('upload')).toHaveTextContent(/Upload: Test upload/);
    expect(rowOf('old-mms')).toHaveTextContent(/MMS: /);
    expect(rowOf('old-upload')).toHaveTextContent(/Upload: dana-test/);
    expect(rowOf('call').querySelector('[data-source="call"]')).toHaveAttribute('title', 'Call');
  });

  it("says in the opened message who called and whose number forwarded it, or that the caller's number was withheld", async () => {
    const user = userEvent.setup();
    render(
      <MessageList
        label="Messages"
        messages={[
          message('call', { source: 'call', caller_number: '+13125550147' }),
          message('private', { source: 'call', caller_number: null }),
          message('old-mms'),
        ]}
      />,
    );
    await user.click(rowOf('call'));
    const call = rowOf('call').closest('li')!;
    expect(within(call).getByText('Call from (312) 555-0147, forwarded by (415) 555-0123')).toBeVisible();
    await user.click(rowOf('private'));
    const hidden = rowOf('private').closest('li')!;
    expect(within(hidden).getByText('Call from a private number, forwarded by (415) 555-0123')).toBeVisible();
    await user.click(rowOf('old-mms'));
    expect(within(rowOf('old-mms').closest('li')!).getByText('By MMS')).toBeVisible();
  });
});
