import type { Message } from '@core/messages/message';
import { CORRECTED_TRANSCRIPT_MAX } from '@core/messages/message-corrections';
import { Flag } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/error-message';
import { reviewTranscript } from '../api/messages';

const SMALL_BUTTON =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line-strong bg-canvas px-3 text-sm font-semibold text-ink hover:bg-surface disabled:cursor-not-allowed disabled:text-muted';

/**
 * The card's "wrong transcript" mark (issue 19): an operator marks the transcript wrong, optionally with what
 * the recording really says, or clears the mark. The server's answer shows at once; a newer version of the
 * message (a live update, a reload) takes over from it.
 */
export function TranscriptReview({ message }: { readonly message: Message }) {
  const [answered, setAnswered] = useState<Message | null>(null);
  const shown = answered && (answered.updated_at ?? '') > (message.updated_at ?? '') ? answered : message;
  const review = shown.transcript_review ?? null;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  // The field the operator just asked for takes the focus at once, before the next key (a layout effect, not
  // `autoFocus`: the shipped build's React layer, Preact, honours `autofocus` only on page load, and runs plain
  // effects a frame later, after the first keys typed).
  useLayoutEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);

  if (message.transcript === null) return null;

  const send = async (wrong: boolean) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      setAnswered(await reviewTranscript(message.id, wrong ? { wrong, corrected_text: text } : { wrong }));
      setEditing(false);
      setText('');
      // The button that replaced the one pressed (or the form) takes the focus, so the keyboard stays here.
      requestAnimationFrame(() => toggle.current?.focus());
    } catch (error) {
      setFailure(errorMessage(error, { fallback: 'The mark could not be saved. Try again.' }));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setEditing(false);
    setFailure(null);
    requestAnimationFrame(() => toggle.current?.focus());
  };

  return (
    <div className="space-y-2">
      {review && (
        <div className="rounded-lg border border-danger/40 bg-surface px-3 py-2 text-sm text-ink">
          <p className="flex flex-wrap items-center gap-1.5 font-semibold">
            <Flag aria-hidden="true" className="size-4 text-danger" />
            Transcript marked wrong
            <span className="font-normal text-muted">
              by {review.reviewed_by}, <RelativeTime iso={review.reviewed_at} />
            </span>
          </p>
          {review.corrected_text && (
            <p className="mt-1 whitespace-pre-wrap">
              <span className="font-semibold">Right text: </span>
              {review.corrected_text}
            </p>
          )}
        </div>
      )}
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          className="space-y-2"
        >
          <label htmlFor={fieldId} className="block text-sm font-semibold text-ink">
            What the recording says <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={fieldId}
            value={text}
            maxLength={CORRECTED_TRANSCRIPT_MAX}
            rows={3}
            ref={field}
            onChange={(event) => setText(event.target.value)}
            className="block w-full rounded-lg border border-line-strong bg-canvas px-3 py-2 text-sm text-ink"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={SMALL_BUTTON}>
              {busy ? 'Saving...' : 'Save mark'}
            </button>
            <button type="button" onClick={close} className={SMALL_BUTTON}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {review ? (
            <button
              ref={toggle}
              type="button"
              disabled={busy}
              onClick={() => void send(false)}
              className={SMALL_BUTTON}
            >
              {busy ? 'Clearing...' : 'Clear transcript mark'}
            </button>
          ) : (
            <button ref={toggle} type="button" onClick={() => setEditing(true)} className={SMALL_BUTTON}>
              <Flag aria-hidden="true" className="size-4" />
              Mark transcript wrong
            </button>
          )}
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
    </div>
  );
}
