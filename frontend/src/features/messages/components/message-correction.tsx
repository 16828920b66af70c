import type { Message } from '@core/messages/message';
import {
  CORRECTED_TRANSCRIPT_MAX,
  type TranscriptReviewInput,
  type UrgencyReviewInput,
} from '@core/messages/message-corrections';
import { URGENCY_LEVELS } from '@core/urgency/urgency-schema';
import { shownUrgency, URGENCY_WORDS, urgencyLine } from '@core/urgency/urgency-words';
import { Flag } from 'lucide-react';
import { type ComponentType, useId, useLayoutEffect, useRef, useState } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/error-message';
import { correctMessage } from '../api/messages';
import { URGENCY_MARKERS } from './urgency-marker';

/** What MessageCorrection gives a field's controls. */
type CorrectionControls<Input> = {
  /** The message as last known: the server's answer, or a newer version (a live update, a reload). */
  readonly message: Message;
  /** The correction being sent; null when none is. */
  readonly saving: Input | null;
  /** Sends a correction (one at a time); `onSaved` runs once the server has it, right after it shows. */
  readonly save: (input: Input, onSaved?: () => void) => Promise<void>;
  /** Takes the server's last refusal away (a form closed without sending). */
  readonly clearFailure: () => void;
};

/** One field of a message an operator corrects, as MessageCorrection shows it. */
export type CorrectionField<Input> = {
  /** Its route: PUT /api/messages/{id}/<path> (lambdas/http/routes.ts). */
  readonly path: string;
  /** Whether the message has anything to correct yet. */
  readonly offered: (message: Message) => boolean;
  /** What the alert says when the server gives no words of its own. */
  readonly failure: string;
  /** The field as it stands, who corrected it and when, and the controls that send a correction. */
  readonly Controls: ComponentType<CorrectionControls<Input>>;
};

/**
 * An operator's correction of one field of the opened message (the transcript mark, the urgency), one pattern
 * for both: the field as it stands, the controls that send a correction, and the server's words when it
 * refuses. The server's answer shows at once and goes to `onChanged` (the row keeps it), before the live
 * update; a newer version of the message (a live update, a reload) takes over from it.
 */
export function MessageCorrection<Input>({
  field,
  message,
  onChanged,
}: {
  readonly field: CorrectionField<Input>;
  readonly message: Message;
  readonly onChanged?: ((message: Message) => void) | undefined;
}) {
  const [answered, setAnswered] = useState<Message | null>(null);
  const [saving, setSaving] = useState<Input | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = answered && (answered.updated_at ?? '') > (message.updated_at ?? '') ? answered : message;
  if (!field.offered(shown)) return null;

  const save = async (input: Input, onSaved?: () => void) => {
    if (saving !== null) return;
    setSaving(input);
    setFailure(null);
    try {
      const updated = await correctMessage(message.id, field.path, input);
      setAnswered(updated);
      onChanged?.(updated);
      onSaved?.();
    } catch (error) {
      setFailure(errorMessage(error, { fallback: field.failure }));
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="space-y-2">
      <field.Controls message={shown} saving={saving} save={save} clearFailure={() => setFailure(null)} />
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
    </div>
  );
}

const SMALL_BUTTON =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line-strong bg-canvas px-3 text-sm font-semibold text-ink hover:bg-surface disabled:cursor-not-allowed disabled:text-muted';

/**
 * The card's "wrong transcript" mark (issue 19): an operator marks the transcript wrong, optionally with what
 * the recording really says, or clears the mark.
 */
function TranscriptMark({ message, saving, save, clearFailure }: CorrectionControls<TranscriptReviewInput>) {
  const review = message.transcript_review ?? null;
  const busy = saving !== null;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  // The field the operator just asked for takes the focus at once, before the next key (a layout effect, not
  // `autoFocus`: the shipped build's React layer, Preact, honours `autofocus` only on page load, and runs plain
  // effects a frame later, after the first keys typed).
  useLayoutEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);

  const send = (wrong: boolean) =>
    save(wrong ? { wrong, corrected_text: text } : { wrong }, () => {
      setEditing(false);
      setText('');
      // The button that replaced the one pressed (or the form) takes the focus, so the keyboard stays here.
      requestAnimationFrame(() => toggle.current?.focus());
    });

  const close = () => {
    setEditing(false);
    clearFailure();
    requestAnimationFrame(() => toggle.current?.focus());
  };

  return (
    <>
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
    </>
  );
}

const CHOICE =
  'inline-flex min-h-9 items-center rounded-lg border px-3 text-sm font-semibold aria-disabled:cursor-wait';
const CHOSEN = 'border-accent bg-accent-soft text-accent';
const OTHER = 'border-line-strong bg-canvas text-ink hover:bg-surface';

/**
 * How pressing the opened message is (issue 25): "Urgent: a child is sick at school", who corrected it and
 * when, and three buttons (Urgent, Normal, Likely spam) with which an operator corrects it; the pipeline's own
 * level clears the correction. The buttons stay focusable while a choice is saved (aria-disabled, not
 * disabled), so the keyboard stays on the one pressed.
 */
function UrgencyChoice({ message, saving, save }: CorrectionControls<UrgencyReviewInput>) {
  const shown = shownUrgency(message);
  if (shown === null) return null;
  const review = message.urgency_review ?? null;
  const pipeline = message.urgency;
  const Icon = shown.level === 'normal' ? null : URGENCY_MARKERS[shown.level].icon;
  return (
    <>
      <p
        className={`flex items-start gap-2 font-semibold ${shown.level === 'likely_spam' ? 'text-muted' : 'text-ink'}`}
      >
        {Icon && <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
        {urgencyLine(shown)}
      </p>
      {review && pipeline && (
        <p className="text-sm text-muted">
          Corrected by {review.reviewed_by}, <RelativeTime iso={review.reviewed_at} />; the service had said{' '}
          {urgencyLine({ level: pipeline.level, reason: pipeline.reason.trim() || null })}.
        </p>
      )}
      <fieldset>
        <legend className="sr-only">Urgency</legend>
        <div className="flex flex-wrap items-center gap-2">
          <span aria-hidden="true" className="text-sm text-muted">
            Urgency:
          </span>
          {URGENCY_LEVELS.map((level) => (
            <button
              key={level}
              type="button"
              aria-pressed={level === shown.level}
              aria-disabled={saving !== null}
              onClick={() => {
                if (level !== shown.level) void save({ level });
              }}
              className={`${CHOICE} ${level === shown.level ? CHOSEN : OTHER}`}
            >
              {saving?.level === level ? 'Saving...' : URGENCY_WORDS[level]}
            </button>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The transcript's "wrong" mark, with the right text when the operator gives it. */
export const TRANSCRIPT_FIELD: CorrectionField<TranscriptReviewInput> = {
  path: 'transcript-review',
  offered: (message) => message.transcript !== null,
  failure: 'The mark could not be saved. Try again.',
  Controls: TranscriptMark,
};

/** The urgency's correction: not offered before the pipeline judged it, nor on the record of something refused. */
export const URGENCY_FIELD: CorrectionField<UrgencyReviewInput> = {
  path: 'urgency',
  offered: (message) => !message.refusal && shownUrgency(message) !== null,
  failure: 'The urgency could not be saved. Try again.',
  Controls: UrgencyChoice,
};
