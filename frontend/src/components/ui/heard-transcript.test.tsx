import type { HeardWord } from '@core/transcripts/heard-words';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, type Mock, vi } from 'vitest';
import type { Recording } from '@/lib/use-recording';
import { HeardTranscript } from './heard-transcript';

const LEGEND = 'Shaded words were hard to hear: tap one to listen.';

/** Words of a transcript, each `text:confidence` or `text:confidence@at`; plain words are heard well at 0. */
function wordsOf(spec: string): HeardWord[] {
  return spec.split(' ').map((token) => {
    const [text = '', sure = '0.95', at = '0'] = token.split(/[:@]/);
    return { text, confidence: Number(sure), at: at === 'null' ? null : Number(at) };
  });
}

/** A player that only records where it was asked to play from. */
function fakeRecording(): Recording & { playFrom: Mock<(seconds: number) => void> } {
  return {
    state: { status: 'closed' },
    open: vi.fn(async () => undefined),
    playFrom: vi.fn<(seconds: number) => void>(),
    startedAt: null,
    audioProps: { ref: { current: null }, onLoadedMetadata: () => undefined },
  };
}

const TEXT = 'Hi, this is Jenna from Lakeside Dental. Call me at five five five, two.';
const WORDS = wordsOf(
  'Hi,:0.99@0 this:0.98@0 is:0.97@0 Jenna:0.31@0 from:0.9@0 Lakeside:0.42@0 Dental.:0.9@0 Call:0.9@12 me:0.9@12 at:0.9@12 five:0.9@12 five:0.9@12 five,:0.2@12 two.:0.9@12',
);

describe('a transcript with the words that were hard to hear', () => {
  it('shades the doubtful words, says what the shade means, and keeps the text as it was', () => {
    const { container } = render(<HeardTranscript text={TEXT} words={WORDS} recording={fakeRecording()} />);
    expect(screen.getByText(/words were hard to hear/).textContent).toBe(LEGEND);
    const shaded = screen.getAllByRole('button').map((button) => button.textContent);
    expect(shaded).toEqual(['Jenna', 'Lakeside', 'five']);
    // A screen reader hears that they are unclear and where they play from, not only a colour.
    expect(screen.getByRole('button', { name: 'Jenna (unclear, listen from 0:00)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'five (unclear, listen from 0:10)' })).toBeInTheDocument();
    // The transcript reads (and copies) exactly as stored: the comma after the shaded "five" stays plain.
    expect(container.querySelector('p.whitespace-pre-wrap')?.textContent).toBe(TEXT);
  });

  it('keeps the whitespace of the transcript between the words', () => {
    const text = 'First line,\n  then   Jenna.';
    const { container } = render(
      <HeardTranscript
        text={text}
        words={wordsOf('First line, then Jenna.:0.2@3')}
        recording={fakeRecording()}
      />,
    );
    expect(container.querySelector('p.whitespace-pre-wrap')?.textContent).toBe(text);
    expect(screen.getByRole('button', { name: /^Jenna \(unclear/ })).toBeInTheDocument();
  });

  it('shades nothing and shows no legend without words, or with words that are not this transcript', () => {
    const { rerender } = render(<HeardTranscript text={TEXT} words={null} recording={fakeRecording()} />);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/hard to hear/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    // Words of an earlier transcript (corrected since): the text stands plain rather than shading wrong words.
    rerender(
      <HeardTranscript text={TEXT} words={wordsOf('Hi, this is Jenna:0.1@0')} recording={fakeRecording()} />,
    );
    expect(screen.queryByText(/hard to hear/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    // Every word heard well: nothing to shade, no legend.
    rerender(<HeardTranscript text="Hi, Jenna." words={wordsOf('Hi, Jenna.')} recording={fakeRecording()} />);
    expect(screen.queryByText(/hard to hear/)).toBeNull();
  });

  it('shades a word without a time, and every word when there is no recording, without making them buttons', () => {
    const words = wordsOf('Hi,:0.9@0 Jenna.:0.2@null');
    const { rerender } = render(
      <HeardTranscript text="Hi, Jenna." words={words} recording={fakeRecording()} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Jenna').closest('mark')).toHaveTextContent('Jenna (unclear)');
    expect(screen.getByText(/words were hard to hear/).textContent).toBe('Shaded words were hard to hear.');

    rerender(<HeardTranscript text={TEXT} words={WORDS} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelectorAll('mark')).toHaveLength(3);
    expect(screen.getByText(/words were hard to hear/).textContent).toBe('Shaded words were hard to hear.');
  });

  it('is one Tab stop: the arrow keys move between shaded words, Enter and Space play from a little before', async () => {
    const recording = fakeRecording();
    render(
      <>
        <HeardTranscript text={TEXT} words={WORDS} recording={recording} />
        <button type="button">After</button>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Jenna');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Lakeside');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('five');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('five');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Jenna');
    await user.keyboard('{End}{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Lakeside');
    await user.keyboard('{Enter}');
    expect(recording.playFrom).toHaveBeenLastCalledWith(0);
    // The next Tab leaves the transcript from whichever shaded word has the focus; Shift+Tab comes back to it.
    await user.tab();
    expect(document.activeElement?.textContent).toBe('After');
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Lakeside');
    await user.keyboard('{End} ');
    // "five," came from the piece starting at 0:12: it plays from 0:10.
    expect(recording.playFrom).toHaveBeenLastCalledWith(10);
  });

  it('plays from a little before a tapped word', async () => {
    const recording = fakeRecording();
    render(<HeardTranscript text={TEXT} words={WORDS} recording={recording} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /^five/ }));
    expect(recording.playFrom).toHaveBeenCalledWith(10);
  });

  it('keeps a long transcript short until asked, with the shading in the part shown', async () => {
    const text = `Jenna ${'word '.repeat(80)}Lakeside`;
    const words = wordsOf(`Jenna:0.1@0 ${'word '.repeat(80).trim()} Lakeside:0.1@30`);
    render(<HeardTranscript text={text} words={words} recording={fakeRecording()} previewChars={280} />);
    expect(screen.getAllByRole('button', { name: /unclear/ }).map((b) => b.textContent)).toEqual(['Jenna']);
    expect(screen.getByText(/words were hard to hear/).textContent).toBe(LEGEND);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show full transcript' }));
    expect(screen.getAllByRole('button', { name: /unclear/ }).map((b) => b.textContent)).toEqual([
      'Jenna',
      'Lakeside',
    ]);
  });
});
