import type { Message } from '@core/messages/message';
import type { HeardWord } from '@core/transcripts/heard-words';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { MessageDetail } from './message-detail';

const TRANSCRIPT = 'Hi, this is Jenna. Call me at five five five.';
const WORDS: HeardWord[] = TRANSCRIPT.split(' ').map((text) => ({
  text,
  confidence: text === 'Jenna.' ? 0.25 : 0.9,
  at: 20.5,
}));
const message: Message = {
  id: 'm7',
  created_at: new Date().toISOString(),
  sender: '+14155550123',
  phone_number: '+14155550123',
  audio_url: 'audio/m7.wav',
  status: 'completed',
  summary: 'Jenna: call back.',
  transcript: TRANSCRIPT,
  error_message: null,
  reply_sent: true,
};

describe("a message card's transcript", () => {
  it('shades the words that were hard to hear, and a tap plays the audio from a little before', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages/m7/words', () => ({ status: 200, body: { words: WORDS } }));
    api.on('GET', '/api/messages/m7/audio', () => ({
      status: 200,
      body: { url: 'https://audio.test/m7.wav' },
    }));
    const { container } = render(<MessageDetail message={message} />);
    const word = await screen.findByRole('button', { name: 'Jenna (unclear, listen from 0:18)' });
    expect(screen.getByText(/words were hard to hear/).textContent).toBe(
      'Shaded words were hard to hear: tap one to listen.',
    );
    await userEvent.setup().click(word);
    const audio = container.querySelector('audio');
    expect(audio).not.toBeNull();
    fireEvent.loadedMetadata(audio as HTMLAudioElement);
    expect((audio as HTMLAudioElement).currentTime).toBe(18.5);
    // The card's own Play button is now that same player: one recording per card.
    expect(container.querySelectorAll('audio')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Play audio' })).toBeNull();
  });

  it('reads plainly when the message has no words, or they cannot be loaded', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages/m7/words', () => ({ status: 200, body: { words: null } }));
    const { unmount } = render(<MessageDetail message={message} />);
    await screen.findByText(TRANSCRIPT);
    await expect.poll(() => api.calls.some((call) => call.path === '/api/messages/m7/words')).toBe(true);
    expect(screen.queryByText(/hard to hear/)).toBeNull();
    unmount();
    api.on('GET', '/api/messages/m7/words', () => ({ status: 500, body: { error: 'down' } }));
    render(<MessageDetail message={message} />);
    await screen.findByText(TRANSCRIPT);
    expect(screen.queryByText(/hard to hear/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shades without play buttons when the recording is no longer kept', async () => {
    const api = installFakeApi();
    api.on('GET', '/api/messages/m7/words', () => ({ status: 200, body: { words: WORDS } }));
    render(<MessageDetail message={{ ...message, audio_url: null }} />);
    expect(await screen.findByText(/words were hard to hear/)).toHaveTextContent(
      'Shaded words were hard to hear.',
    );
    expect(screen.getByText('Jenna').closest('mark')).toHaveTextContent('Jenna (unclear)');
    expect(screen.queryByRole('button', { name: /unclear/ })).toBeNull();
  });
});
