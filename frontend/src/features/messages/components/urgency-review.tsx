import type { Message } from '@core/messages/message';
import { URGENCY_LEVELS, type UrgencyLevel } from '@core/urgency/urgency-schema';
import { shownUrgency, URGENCY_WORDS, urgencyLine } from '@core/urgency/urgency-words';
import { useState } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/error-message';
import { reviewUrgency } from '../api/messages';
import { URGENCY_MARKERS } from './urgency-marker';

const CHOICE =
  'inline-flex min-h-9 items-center rounded-lg border px-3 text-sm font-semibold aria-disabled:cursor-wait';
const CHOSEN = 'border-accent bg-accent-soft text-accent';
const OTHER = 'border-line-strong bg-canvas text-ink hover:bg-surface';

/**
 * How pressing the opened message is (issue 25): "Urgent: a child is sick at school", who corrected it and
 * when, and three buttons (Urgent, Normal, Likely spam) with which an operator corrects it; the pipeline's own
 * level clears the correction. The buttons stay focusable while a choice is saved (aria-disabled, not
 * disabled), so the keyboard stays on the one pressed. The server's answer goes to `onChanged`, so the row's
 * marker follows at once, before the live update.
 */
export function UrgencyReview({
  message,
  onChanged,
}: {
  readonly message: Message;
  readonly onChanged?: (message: Message) => void;
}) {
  const [saving, setSaving] = useState<UrgencyLevel | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = shownUrgency(message);
  if (shown === null || message.refusal) return null;
  const review = message.urgency_review ?? null;
  const pipeline = message.urgency;
  const Icon = shown.level === 'normal' ? null : URGENCY_MARKERS[shown.level].icon;

  const choose = async (level: UrgencyLevel) => {
    if (saving !== null || level === shown.level) return;
    setSaving(level);
    setFailure(null);
    try {
      // Awaited first: `onChanged?.(await ...)` would skip the request itself when nobody listens.
      const updated = await reviewUrgency(message.id, level);
      onChanged?.(updated);
    } catch (error) {
      setFailure(errorMessage(error, { fallback: 'The urgency could not be saved. Try again.' }));
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="space-y-2">
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
              onClick={() => void choose(level)}
              className={`${CHOICE} ${level === shown.level ? CHOSEN : OTHER}`}
            >
              {saving === level ? 'Saving...' : URGENCY_WORDS[level]}
            </button>
          ))}
        </div>
      </fieldset>
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
    </div>
  );
}
