import type { Message } from '@core/messages/message';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { MessageDetail } from './message-detail';

/** A scam voicemail as the pipeline leaves it (issue 31): a number and a time said, judged likely spam. */
const scam: Message = {
  id: 'm-scam',
  created_at: new Date(Date.now() - 120_000).toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: 'audio/m-scam.wav',
  status: 'completed',
  summary: 'Buy two Google Play gift cards and call back.',
  summary_details: {
    summary: 'Buy two Google Play gift cards and call back.',
    key_points: [],
    callback_number: '415-555-0132',
    callback_time: null,
    requested_action: null,
  },
  stated_facts: { number_unclear: { at: 3 }, unsure: [] },
  transcript: 'Buy two Google Play gift cards and call me back at 415-555-0132.',
  urgency: { level: 'likely_spam', reason: 'asks for payment by gift card', source: 'rules' },
  error_message: null,
  reply_sent: true,
  audio_duration_seconds: 9,
};

beforeEach(() => {
  installFakeApi();
});

describe('a likely-spam message opened in full', () => {
  it('shows no callback line nor "Number unclear", as its text had none; the transcript stays', () => {
    render(<MessageDetail message={scam} />);
    expect(screen.queryByText(/^Call back/)).toBeNull();
    expect(screen.queryByText(/Number unclear/)).toBeNull();
    expect(screen.getByText(/Buy two Google Play gift cards and call me back/)).toBeInTheDocument();
  });

  it('shows the callback line again once an operator corrects it to normal', () => {
    const corrected: Message = {
      ...scam,
      urgency_review: {
        level: 'normal',
        was: 'likely_spam',
        reviewed_by: 'admin@example.com',
        reviewed_at: new Date().toISOString(),
      },
    };
    render(<MessageDetail message={corrected} />);
    expect(screen.getByText('Call back: (415) 555-0132')).toBeInTheDocument();
  });
});
