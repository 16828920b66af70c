import { useId, useState } from 'react';

/** Longer transcripts show this much first. */
const PREVIEW_CHARS = 280;

/** A transcript that stays readable when long: a preview with "Show full transcript", whitespace kept, selectable. */
export function Transcript({ text }: { readonly text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > PREVIEW_CHARS;
  const shown = open || !long ? text : `${text.slice(0, PREVIEW_CHARS).replace(/\s+\S*$/, '')}...`;
  return (
    <div>
      <p id={id} className="whitespace-pre-wrap break-words text-ink select-text">
        {shown}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          className="mt-1 min-h-9 text-sm font-semibold text-accent underline"
        >
          {open ? 'Show less' : 'Show full transcript'}
        </button>
      )}
    </div>
  );
}
