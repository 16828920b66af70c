import type { UrgencyLevel } from '@core/urgency/urgency-schema';
import { URGENCY_WORDS } from '@core/urgency/urgency-words';
import { ShieldAlert, Siren } from 'lucide-react';

/**
 * Amber for urgent (attention, not the red of a failure), grey for likely spam: never colour alone, always the
 * word beside its icon, which a screen reader reads first in the row's name.
 */
export const URGENCY_MARKERS = {
  urgent: { icon: Siren, className: 'border-doubt-line bg-doubt-soft text-ink' },
  likely_spam: { icon: ShieldAlert, className: 'border-line-strong bg-surface text-muted' },
} as const;

/**
 * How pressing a message is, as its row says it first (issue 25): "Urgent" or "Likely spam" in words with an
 * icon; a normal message shows nothing extra.
 */
export function UrgencyMarker({ level }: { readonly level: UrgencyLevel | null }) {
  if (level === null || level === 'normal') return null;
  const { icon: Icon, className } = URGENCY_MARKERS[level];
  return (
    <span
      data-urgency={level}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {URGENCY_WORDS[level]}
    </span>
  );
}
