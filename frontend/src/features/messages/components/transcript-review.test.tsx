import type { Message } from '@core/messages/message';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { MessageDetail } from './message-detail';

const completed: Message = {
  id: 'm1',
  created_at: new Date(Date.now() - 600_000).toISOString(),
  updated_at: new Date(Date.now() - 500_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: null,
  status: 'completed',
  summary: 'Maria: call back.',
  transcript: 'Call me at five five five.',
  error_message: null,
  reply_sent: true,
};

describe('the wrong-transcript mark on a card', () => {
  it('marks the transcript wrong with the right text, shows who did, and clears it, by keyboard', async () => {
    const api = installFakeApi();
    api.on('PUT', '/api/messages/m1/transcript-review', ({ body }) => {
      const { wrong, corrected_text } = body as { wrong: boolean; corrected_text?: string };
      return {
        status: 200,
        body: {
          message: {
            ...completed,
            updated_at: new Date().toISOString(),
            transcript_review: wrong
              ? {
                  verdict: 'wrong',
                  corrected_text: corrected_text || null,
                  reviewed_by: 'ops@example.com',
                  reviewed_at: new Date().toISOString(),
                }
              : null,
          },
        },
      };
    });
    render(<MessageDetail message={completed} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Mark transcript wrong' }).focus();
    await user.keyboard('{Enter}');
    const field = screen.getByLabelText('What the recording says (optional)');
    expect(field).toHaveFocus();
    await user.keyboard('Call me at 555-0199.');
    await user.click(screen.getByRole('button', { name: 'Save mark' }));

    expect(await screen.findByText('Transcript marked wrong')).toBeInTheDocument();
    expect(screen.getByText(/by ops@example\.com/)).toBeInTheDocument();
    expect(screen.getByText('Call me at 555-0199.')).toBeInTheDocument();
    expect(api.calls.at(-1)!.body).toEqual({ wrong: true, corrected_text: 'Call me at 555-0199.' });

    await user.click(screen.getByRole('button', { name: 'Clear transcript mark' }));
    expect(await screen.findByRole('button', { name: 'Mark transcript wrong' })).toBeInTheDocument();
    expect(screen.queryByText('Transcript marked wrong')).not.toBeInTheDocument();
    expect(api.calls.at(-1)!.body).toEqual({ wrong: false });
  });

  it('Escape closes the form and nothing is sent; a refusal is shown in the server’s words', async () => {
    const api = installFakeApi();
    api.on('PUT', '/api/messages/m1/transcript-review', () => ({
      status: 409,
      body: { error: 'The message changed while you marked it: look at its new transcript and try again.' },
    }));
    render(<MessageDetail message={completed} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark transcript wrong' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('What the recording says (optional)')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark transcript wrong' }));
    await user.click(screen.getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The message changed while you marked it');
  });

  it('is not offered before there is a transcript', () => {
    installFakeApi();
    render(<MessageDetail message={{ ...completed, status: 'processing', transcript: null }} />);
    expect(screen.queryByRole('button', { name: 'Mark transcript wrong' })).not.toBeInTheDocument();
  });

  it('shows a mark made elsewhere (a live update)', () => {
    installFakeApi();
    render(
      <MessageDetail
        message={{
          ...completed,
          transcript_review: {
            verdict: 'wrong',
            corrected_text: null,
            reviewed_by: 'lee@example.com',
            reviewed_at: new Date(Date.now() - 120_000).toISOString(),
          },
        }}
      />,
    );
    expect(screen.getByText('Transcript marked wrong')).toBeInTheDocument();
    expect(screen.getByText(/by lee@example\.com/)).toHaveTextContent('by lee@example.com, 2 min ago');
  });
});
