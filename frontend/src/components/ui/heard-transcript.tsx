import { momentLabel } from '@core/messages/message-moment';
import type { HeardWord } from '@core/transcripts/heard-words';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { firstCharacters, type HeardPiece, hasDoubt, heardPieces, listenFrom } from '@/lib/heard-pieces';
import type { Recording } from '@/lib/use-recording';

/**
 * The shade of a word the engine was unsure of: a highlighter's colour and a dotted underline, never colour alone;
 * a line tall (inline-block, as a button is), so words that play and words that cannot look the same.
 */
const SHADE =
  'inline-block rounded-sm bg-doubt-soft px-0.5 -mx-0.5 text-ink underline decoration-doubt-line decoration-dotted decoration-2 underline-offset-4';

/** Keys that move between shaded words, and by how much. */
const STEPS: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

type Props = {
  readonly text: string;
  /** The transcript's words with their confidence; null or absent: shown as plain text, no legend. */
  readonly words?: readonly HeardWord[] | null | undefined;
  /** The recording a shaded word plays from; absent when there is none to play (no longer kept). */
  readonly recording?: Recording | undefined;
  /** Longer transcripts show this many characters first, with "Show full transcript"; absent: all of it. */
  readonly previewChars?: number;
};

/**
 * A transcript with the words that were hard to hear shaded (issue 24), read the same on the message page and
 * the dashboard: a legend says what the shade means; a shaded word plays the recording from a little before it.
 * The text stays selectable with its whitespace. Only the shaded words take the keyboard, and as one stop: Tab
 * reaches one, the arrow keys (Home, End) move between them, Enter or Space plays.
 */
export function HeardTranscript({ text, words, recording, previewChars }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const textId = useId();
  const legendId = useId();
  const paragraph = useRef<HTMLParagraphElement>(null);
  const pieces = useMemo(() => (words ? heardPieces(text, words) : null), [text, words]);

  const cut =
    previewChars !== undefined && text.length > previewChars ? previewCut(text, previewChars) : null;
  const preview = cut !== null && !open;
  const shownPieces = pieces && preview ? firstCharacters(pieces, cut.length) : pieces;
  const playable = (shownPieces ?? []).flatMap((piece) =>
    piece.kind === 'doubtful' && piece.at !== null ? [piece.index] : [],
  );
  const canPlay = recording !== undefined && playable.length > 0;
  // The legend speaks for the whole transcript, a part of it still hidden included.
  const anyPlayable =
    recording !== undefined && pieces?.some((piece) => piece.kind === 'doubtful' && piece.at !== null);
  // The one shaded word Tab stops at: the last one used while it is shown, else the first.
  const stop = active !== null && playable.includes(active) ? active : (playable[0] ?? null);

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = [...(paragraph.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const here = buttons.indexOf(event.currentTarget);
    const step = STEPS[event.key];
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : step === undefined
            ? null
            : Math.min(buttons.length - 1, Math.max(0, here + step));
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  };

  const render = (piece: HeardPiece, key: number) => {
    if (piece.kind === 'plain') return piece.text;
    const { at } = piece;
    const word =
      canPlay && at !== null ? (
        <button
          type="button"
          tabIndex={piece.index === stop ? 0 : -1}
          aria-label={`${piece.text} (unclear, listen from ${momentLabel(listenFrom(at))})`}
          aria-describedby={legendId}
          onFocus={() => setActive(piece.index)}
          onKeyDown={move}
          onClick={() => recording?.playFrom(listenFrom(at))}
          className={`${SHADE} cursor-pointer select-text hover:decoration-solid`}
        >
          {piece.text}
        </button>
      ) : (
        <mark className={SHADE}>
          {piece.text}
          {/* Read by a screen reader, left out of a copied selection. */}
          <span className="sr-only select-none"> (unclear)</span>
        </mark>
      );
    return (
      <span key={key}>
        {piece.before}
        {word}
        {piece.after}
      </span>
    );
  };

  return (
    <div className="space-y-2">
      {hasDoubt(pieces) && (
        <p id={legendId} className="text-sm text-muted">
          <span className={SHADE}>Shaded</span> words were hard to hear
          {anyPlayable ? ': tap one to listen' : ''}.
        </p>
      )}
      <p ref={paragraph} id={textId} className="whitespace-pre-wrap break-words text-ink select-text">
        {shownPieces ? shownPieces.map(render) : preview ? cut : text}
        {preview ? '...' : ''}
      </p>
      {canPlay && recording && <ListenStatus recording={recording} />}
      {cut !== null && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={textId}
          onClick={() => setOpen((value) => !value)}
          className="min-h-9 text-sm font-semibold text-accent underline"
        >
          {open ? 'Show less' : 'Show full transcript'}
        </button>
      )}
    </div>
  );
}

/** The start of a long transcript, cut at a word's end (no "..."). */
function previewCut(text: string, chars: number): string {
  return text.slice(0, chars).replace(/\s+\S*$/, '');
}

/** What a tap on a shaded word did, said where the person is looking (and to a screen reader). */
function ListenStatus({ recording }: { readonly recording: Recording }) {
  const { state, startedAt } = recording;
  let said = '';
  if (startedAt !== null && state.status === 'loading') said = 'Loading the recording...';
  if (startedAt !== null && state.status === 'open') said = `Playing from ${momentLabel(startedAt)}.`;
  if (startedAt !== null && state.status === 'error')
    said = 'The recording could not be loaded. Try again in a minute.';
  return (
    <p role="status" className="text-sm text-muted">
      {said}
    </p>
  );
}
