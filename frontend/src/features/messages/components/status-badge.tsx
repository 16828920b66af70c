import type { MessageStatus } from '@core/status';
import { CircleAlert, CircleCheck, Clock, LoaderCircle } from 'lucide-react';
import { STATUS_LABEL } from '../utils/status-labels';

const BADGES: Record<MessageStatus, { icon: typeof Clock; className: string }> = {
  pending: { icon: Clock, className: 'bg-surface text-muted border-line-strong' },
  processing: {
    icon: LoaderCircle,
    className: 'bg-accent-soft text-accent border-accent/40',
  },
  completed: {
    icon: CircleCheck,
    className: 'bg-success-soft text-success border-success/40',
  },
  failed: { icon: CircleAlert, className: 'bg-danger-soft text-danger border-danger/40' },
};

/** The status in words with an icon (never colour alone): grey pending, blue processing, green done, red failed. */
export function StatusBadge({ status }: { readonly status: MessageStatus }) {
  const { icon: Icon, className } = BADGES[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-semibold ${className}`}
    >
      <Icon aria-hidden="true" className={`size-4 ${status === 'processing' ? 'animate-spin' : ''}`} />
      {STATUS_LABEL[status]}
    </span>
  );
}
