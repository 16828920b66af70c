import type { HeardWord } from '@core/transcripts/heard-words';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/testing/fake-api';
import { SharedMessageView } from './shared-message-view';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv';
const TRANSCRIPT = 'Hi, this is Jenna from Lakeside Dental. Please call me back.';
const WORDS: HeardWord[] = TRANSCRIPT.split(' ').map((text, index) => ({
  text,
  confidence: text === 'Jenna' ? 0.3 : 0.95,
  at: index < 7 ? 14 : 30,
}));

/** The API of one message link, its words given or not; the audio link is the one play asks for. */
function messageApi(words: HeardWord[] | null | undefined, numberUnclear?: { at: number | null }) {
  const api = installFakeApi();
  api.on('GET', `/api/m/${CODE}`, () => ({
    status: 200,
    body: {
      summary: 'Jenna from Lakeside Dental: call back.',
      callback: null,
      transcript: TRANSCRIPT,
      received_at: '2026-11-24T09:00:00.000Z',
      language: 'en',
      has_audio: true,
      expires_at: '2026-12-24T09:00:00.000Z',
      ...(words === undefined ? {} : { words }),
      ...(numberUnclear === undefined ? {} : { number_unclear: numberUnclear }),
    },
  }));
  api.on('POST', `/api/m/${CODE}/audio`, () => ({ status: 200, body: { url: 'https://audio.test/m.wav' } }));
  return api;
}

/** The player, once open, told by the browser that it knows the recording's length. */
async function loadedPlayer(): Promise<HTMLAudioElement> {
  const audio = await screen.findByLabelText('The voice message');
  fireEvent.loadedMetadata(audio);
  return audio as HTMLAudioElement;
}

describe('the message page', () => {
  it('shades the words that were hard to hear, and a tap plays the recording from a little before', async () => {
    const api = messageApi(WORDS);
    render(<SharedMessageView code={CODE} />);
    const word = await screen.findByRole('button', { name: 'Jenna (unclear, listen from 0:12)' });
    expect(screen.getByText(/words were hard to hear/).textContent).toBe(
      'Shaded words were hard to hear: tap one to listen.',
    );
    // Opening the page fetched no audio link.
    expect(api.calls.filter((call) => call.path.endsWith('/audio'))).toEqual([]);
    await userEvent.setup().click(word);
    const audio = await loadedPlayer();
    expect(api.calls.filter((call) => call.path.endsWith('/audio')).map((call) => call.method)).toEqual([
      'POST',
    ]);
    expect(audio.currentTime).toBe(12);
    expect(screen.getByRole('status')).toHaveTextContent('Playing from 0:12.');
  });

  it('shows the transcript as before, with no legend, for a message without words', async () => {
    messageApi(null);
    const { unmount } = render(<SharedMessageView code={CODE} />);
    expect(await screen.findByText(TRANSCRIPT)).toBeInTheDocument();
    expect(screen.queryByText(/hard to hear/)).toBeNull();
    unmount();
    // An API from before words (no field at all) reads the same.
    messageApi(undefined);
    render(<SharedMessageView code={CODE} />);
    expect(await screen.findByText(TRANSCRIPT)).toBeInTheDocument();
    expect(screen.queryByText(/hard to hear/)).toBeNull();
  });

  it('opened at a moment (#t=42) offers "Listen from 0:42" above the summary, and plays from there', async () => {
    window.history.replaceState(null, '', `/m/${CODE}#t=42`);
    messageApi(WORDS);
    render(<SharedMessageView code={CODE} />);
    const listen = await screen.findByRole('button', { name: 'Listen from 0:42' });
    const summary = screen.getByRole('heading', { name: 'Summary' });
    expect(listen.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play from the start' })).toBeInTheDocument();
    await userEvent.setup().click(listen);
    expect((await loadedPlayer()).currentTime).toBe(42);
  });

  it('without a moment in its address offers only "Play the recording", which plays from the start', async () => {
    window.history.replaceState(null, '', `/m/${CODE}#top`);
    messageApi(WORDS);
    render(<SharedMessageView code={CODE} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Play the recording' }));
    expect((await loadedPlayer()).currentTime).toBe(0);
    expect(screen.queryByRole('button', { name: /Listen from/ })).toBeNull();
  });

  it('says a callback number was unclear, as the first text did, and "listen at 0:42" plays from there', async () => {
    window.history.replaceState(null, '', `/m/${CODE}`);
    messageApi(WORDS, { at: 42 });
    render(<SharedMessageView code={CODE} />);
    const listen = await screen.findByRole('button', { name: 'listen at 0:42' });
    expect(listen.closest('p')).toHaveTextContent('Number unclear, listen at 0:42');
    await userEvent.setup().click(listen);
    expect((await loadedPlayer()).currentTime).toBe(42);
  });

  it('says so without a moment when where the number was said is not known, and nothing when none was unclear', async () => {
    window.history.replaceState(null, '', `/m/${CODE}`);
    messageApi(WORDS, { at: null });
    const { unmount } = render(<SharedMessageView code={CODE} />);
    expect(await screen.findByText('Number unclear: listen to the message')).toBeInTheDocument();
    unmount();
    messageApi(null);
    render(<SharedMessageView code={CODE} />);
    expect(await screen.findByText(TRANSCRIPT)).toBeInTheDocument();
    expect(screen.queryByText(/Number unclear/)).toBeNull();
  });
});
