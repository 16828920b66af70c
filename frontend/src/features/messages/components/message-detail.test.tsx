import type { SmsPart } from '@core/delivery/delivery-status';
import type { Message } from '@core/messages/message';
import { REFUSAL_WORDS } from '@core/messages/refused-inbound';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { exactTime } from '@/lib/format-time';
import { installFakeApi } from '@/testing/fake-api';
import { MessageDetail } from './message-detail';

const base: Message = {
  id: 'm1',
  created_at: new Date(Date.now() - 120_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: 'audio/m1.wav',
  status: 'pending',
  summary: null,
  transcript: null,
  error_message: null,
  reply_sent: false,
  audio_duration_seconds: 48,
};

// A card showing a transcript asks for its words: every test answers as a server would (404 when not scripted).
beforeEach(() => {
  installFakeApi();
});

describe('a message opened in full', () => {
  it.each([
    ['pending', 'Waiting to process...'],
    ['processing', 'Processing audio message...'],
  ] as const)('when %s says "%s" (its action is on the row)', (status, text) => {
    render(<MessageDetail message={{ ...base, status }} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Process Now|Retry/ })).toBeNull();
    expect(screen.getByText(exactTime(base.created_at))).toBeInTheDocument();
    expect(screen.getByText('0:48')).toBeInTheDocument();
  });

  it('gives the number the caller called from when the row names the caller instead', () => {
    const { unmount } = render(
      <MessageDetail
        message={{
          ...base,
          status: 'completed',
          summary: 'Rebecca from Dr. Patel’s office: call back.',
          summary_details: {
            summary: 'Rebecca from Dr. Patel’s office: call back.',
            key_points: [],
            callback_number: null,
            callback_time: null,
            requested_action: null,
            caller: 'Rebecca from Dr. Patel’s office',
          },
          transcript: 'Hi, this is Rebecca.',
        }}
      />,
    );
    expect(screen.getByText(/^From \(415\) 555-0123 ·/)).toBeInTheDocument();
    unmount();
    render(<MessageDetail message={{ ...base, status: 'completed', summary: 'S', transcript: 'T' }} />);
    expect(screen.queryByText(/^From /)).toBeNull();
  });

  it('when completed shows the summary, the full transcript and "• Reply sent", with no action', () => {
    render(
      <MessageDetail
        message={{
          ...base,
          status: 'completed',
          summary: 'Maria: call back.',
          transcript: 'Hi, this is Maria.',
          reply_sent: true,
        }}
      />,
    );
    expect(screen.getByText('Summary')).toBeInTheDocument();
    expect(screen.getByText('Maria: call back.')).toBeInTheDocument();
    expect(screen.getByText('Full Transcript')).toBeInTheDocument();
    expect(screen.getByText('Hi, this is Maria.')).toBeInTheDocument();
    expect(screen.getByText('• Reply sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Process Now|Retry/ })).toBeNull();
  });

  it('shows the callback line the sender got, with only the number and time the caller said', () => {
    const transcript =
      'Hi, this is Maria. Call me at five five five, eight seven three, zero four two one after 5 pm.';
    render(
      <MessageDetail
        message={{
          ...base,
          status: 'completed',
          summary: 'Maria: call me back.',
          summary_details: {
            summary: 'Maria: call me back.',
            key_points: [],
            callback_number: '(555) 873-0421',
            callback_time: 'tomorrow at noon',
            requested_action: null,
          },
          transcript,
        }}
      />,
    );
    expect(screen.getByText('Call back: (555) 873-0421')).toBeInTheDocument();
    expect(screen.queryByText(/tomorrow at noon/)).toBeNull();
  });

  it('says a callback number was unclear, as the first text did, and "listen at 0:42" opens the recording there', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages/m1/audio', () => ({
      status: 200,
      body: { url: 'https://audio.test/m1.wav' },
    }));
    render(
      <MessageDetail
        message={{
          ...base,
          status: 'completed',
          summary: 'Omar: call back about the lease.',
          summary_details: {
            summary: 'Omar: call back about the lease.',
            key_points: [],
            callback_number: null,
            callback_time: null,
            requested_action: null,
          },
          stated_facts: { number_unclear: { at: 42 }, unsure: [] },
          transcript:
            'Hi, this is Omar about the lease. Call me at two one three, five five five, zero one nine.',
        }}
      />,
    );
    const listen = screen.getByRole('button', { name: 'listen at 0:42' });
    expect(listen.closest('p')).toHaveTextContent('Number unclear, listen at 0:42');
    expect(screen.queryByText(/^Call back/)).toBeNull();
    await userEvent.setup().click(listen);
    await expect.poll(() => document.querySelector('audio')).not.toBeNull();
    const audio = document.querySelector('audio') as HTMLAudioElement;
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(42);
  });

  it("names the language the caller spoke, and the sender's LANG when it changed the reply", () => {
    render(
      <MessageDetail
        message={{
          ...base,
          status: 'completed',
          summary: 'Dana confirms Thursday at ten.',
          transcript: 'Hola, soy Dana.',
          language: 'es',
          reply_language: 'en',
          reply_sent: true,
        }}
      />,
    );
    expect(screen.getByText('Spanish (es)')).toBeInTheDocument();
    expect(screen.getByText("Reply in English: sender's LANG en")).toBeInTheDocument();
  });

  it("says when the reply followed the sender's MODE, and nothing when it followed the operator's", () => {
    const completed = { ...base, status: 'completed' as const, summary: 'S', transcript: 'T' };
    const { unmount } = render(
      <MessageDetail message={{ ...completed, sender_reply_mode: 'summary_only' }} />,
    );
    expect(screen.getByText("Summary only: sender's MODE SUMMARY")).toBeInTheDocument();
    unmount();
    const second = render(<MessageDetail message={{ ...completed, sender_reply_mode: 'full' }} />);
    expect(screen.getByText("Summary and transcript: sender's MODE FULL")).toBeInTheDocument();
    second.unmount();
    render(<MessageDetail message={{ ...completed, sender_reply_mode: null }} />);
    expect(screen.queryByText(/sender's MODE/)).toBeNull();
  });

  it('says nothing about a LANG that matches the message, nor a language nobody knows', () => {
    const { unmount } = render(
      <MessageDetail
        message={{
          ...base,
          status: 'completed',
          summary: 'S',
          transcript: 'T',
          language: 'es',
          reply_language: 'es',
        }}
      />,
    );
    expect(screen.getByText('Spanish (es)')).toBeInTheDocument();
    expect(screen.queryByText(/sender's LANG/)).toBeNull();
    unmount();
    render(
      <MessageDetail
        message={{ ...base, status: 'completed', summary: 'S', transcript: 'T', language: null }}
      />,
    );
    expect(screen.queryByText(/\((es|en)\)/)).toBeNull();
  });

  it('when completed without a reply says nothing about one', () => {
    render(<MessageDetail message={{ ...base, status: 'completed', summary: 'S', transcript: 'T' }} />);
    expect(screen.queryByText('• Reply sent')).toBeNull();
  });

  it('says when a message has been processing for longer than a run takes, and offers the restart', () => {
    const started = new Date(Date.now() - 20 * 60_000).toISOString();
    render(<MessageDetail message={{ ...base, status: 'processing', attempt_started_at: started }} />);
    expect(
      screen.getByText(/it may be stuck\. Retry Now \(on the row above\) starts it again\./),
    ).toBeInTheDocument();
  });

  it('does not call a fresh run stuck', () => {
    render(
      <MessageDetail
        message={{ ...base, status: 'processing', attempt_started_at: new Date().toISOString() }}
      />,
    );
    expect(screen.queryByText(/it may be stuck/)).toBeNull();
  });

  it('when failed shows the error', () => {
    render(
      <MessageDetail
        message={{ ...base, status: 'failed', error_message: 'No speech was found in the audio.' }}
      />,
    );
    expect(screen.getByText('No speech was found in the audio.')).toBeInTheDocument();
  });

  it('when failed in a way a retry cannot fix says so instead of offering "Retry Processing"', () => {
    const reason = 'The voice message is 13 min long; the longest transcribed is 10 min (Settings).';
    render(
      <MessageDetail
        message={{ ...base, status: 'failed', error_message: reason, error_retryable: false }}
      />,
    );
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.getByText(/processing this recording again would fail the same way/)).toBeInTheDocument();
  });

  it('as the record of a picture says what came in, why, and what we answered, with nothing to retry', () => {
    const reason = REFUSAL_WORDS['not-audio'];
    render(
      <MessageDetail
        message={{
          ...base,
          audio_url: null,
          audio_duration_seconds: null,
          status: 'failed',
          error_message: reason,
          error_retryable: false,
          refusal: {
            reason: 'not-audio',
            kind: 'attachment',
            content_types: ['image/jpeg'],
            text: null,
            count: 1,
            last_at: base.created_at,
            answered: 'Only voice messages can be summarized.',
          },
        }}
      />,
    );
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByText('a picture (image/jpeg)')).toBeInTheDocument();
    expect(screen.getByText('“Only voice messages can be summarized.”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry|Details/ })).toBeNull();
    expect(screen.queryByText(/processing this recording again/)).toBeNull();
  });

  it('as the record of texts after STOP says they were answered nothing', () => {
    render(
      <MessageDetail
        message={{
          ...base,
          audio_url: null,
          status: 'failed',
          error_message: REFUSAL_WORDS['opted-out'],
          error_retryable: false,
          refusal: {
            reason: 'opted-out',
            kind: 'text',
            content_types: [],
            text: null,
            count: 3,
            last_at: base.created_at,
            answered: null,
          },
        }}
      />,
    );
    expect(screen.getByText('a text, 3 times that day')).toBeInTheDocument();
    expect(screen.getByText('We answered:')).toBeInTheDocument();
    expect(screen.getByText('nothing')).toBeInTheDocument();
  });

  it('keeps a long transcript short until asked, then shows all of it', async () => {
    const transcript = `${'word '.repeat(100)}the end.`;
    render(<MessageDetail message={{ ...base, status: 'completed', summary: 'S', transcript }} />);
    expect(screen.queryByText(/the end\./)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show full transcript' }));
    expect(screen.getByText(/the end\./)).toBeInTheDocument();
  });
});

describe("an opened message's delivery", () => {
  const completed: Message = {
    ...base,
    status: 'completed',
    summary: 'Maria: call back.',
    transcript: 'Hi, this is Maria.',
    reply_sent: true,
  };
  const part = (index: number, status: SmsPart['status'], error_code: number | null = null): SmsPart => ({
    sid: `SM${String(index).padStart(32, '0')}`,
    index,
    kind: 'reply',
    segments: 1,
    status,
    error_code,
    status_updated_at: '2026-11-24T09:00:00.000Z',
  });

  it('shows an undelivered 30007 in plain words with what to do, beside "• Reply sent"', () => {
    render(
      <MessageDetail
        message={{ ...completed, sms_parts: [part(0, 'delivered'), part(1, 'undelivered', 30007)] }}
      />,
    );
    expect(screen.getByText('• Reply sent')).toBeInTheDocument();
    expect(
      screen.getByText('• Not delivered (reply part 2): the carrier filtered it as spam (30007)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^What to do: check the number's A2P 10DLC campaign in Twilio/),
    ).toBeInTheDocument();
    expect(screen.queryByText('• Delivered')).toBeNull();
  });

  it('says "• Delivered" only once every part is, and waits for the carrier before', () => {
    const { rerender } = render(
      <MessageDetail message={{ ...completed, sms_parts: [part(0, 'delivered'), part(1, 'sent')] }} />,
    );
    expect(screen.getByText('• Waiting for the carrier to confirm delivery')).toBeInTheDocument();
    rerender(
      <MessageDetail message={{ ...completed, sms_parts: [part(0, 'delivered'), part(1, 'delivered')] }} />,
    );
    expect(screen.getByText('• Delivered')).toBeInTheDocument();
    expect(screen.queryByText(/What to do/)).toBeNull();
  });

  it('says nothing about delivery when no text was recorded', () => {
    render(<MessageDetail message={completed} />);
    expect(screen.queryByText(/Delivered|Not delivered|Waiting for the carrier/)).toBeNull();
  });
});
