import type { Outcome } from '@core/messages/message-outcome';
import {
  Ban,
  CheckCheck,
  CircleAlert,
  CircleCheck,
  Clock,
  Gauge,
  LoaderCircle,
  Send,
  TriangleAlert,
} from 'lucide-react';
import { OUTCOME_LABEL } from '../utils/message-row';

const NEUTRAL = 'bg-surface text-muted border-line-strong';
const DANGER = 'bg-danger-soft text-danger border-danger/40';
const SUCCESS = 'bg-success-soft text-success border-success/40';

/**
 * Status colours only for status, always with a word and an icon (never colour alone): grey while waiting
 * or held on purpose (pending, sent and not yet confirmed, held at a limit, refused as no voice message), blue
 * while processing, green once done (delivered,
 * or completed with no text to deliver), red when it went wrong (failed, not delivered).
 */
const BADGES: Record<Outcome, { icon: typeof Clock; className: string }> = {
  pending: { icon: Clock, className: NEUTRAL },
  processing: { icon: LoaderCircle, className: 'bg-accent-soft text-accent border-accent/40' },
  failed: { icon: CircleAlert, className: DANGER },
  refused: { icon: Ban, className: NEUTRAL },
  not_delivered: { icon: TriangleAlert, className: DANGER },
  limited: { icon: Gauge, className: NEUTRAL },
  waiting: { icon: Send, className: NEUTRAL },
  delivered: { icon: CheckCheck, className: SUCCESS },
  completed: { icon: CircleCheck, className: SUCCESS },
};

/** A message's one status (core/messages/message-outcome.ts) in words with an icon. */
export function OutcomeBadge({ outcome }: { readonly outcome: Outcome }) {
  const { icon: Icon, className } = BADGES[outcome];
  return (
    <span
      data-outcome={outcome}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      <Icon aria-hidden="true" className={`size-3.5 ${outcome === 'processing' ? 'animate-spin' : ''}`} />
      {OUTCOME_LABEL[outcome]}
    </span>
  );
}
