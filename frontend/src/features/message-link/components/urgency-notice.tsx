import type { sharedUrgencySchema } from '@core/messages/message-link';
import { urgencyLine } from '@core/urgency/urgency-words';
import { ShieldAlert, Siren } from 'lucide-react';
import type * as z from 'zod';

/**
 * How pressing the message is, near the top of its page (issue 25): "Urgent: a child is sick at school" or
 * "Likely spam: recorded sales pitch", as the service's operator last set it; a normal message shows nothing.
 * The word comes first and an icon goes with it: never colour alone.
 */
export function UrgencyNotice({ urgency }: { readonly urgency: z.infer<typeof sharedUrgencySchema> | null }) {
  if (urgency === null || urgency.level === 'normal') return null;
  const urgent = urgency.level === 'urgent';
  const Icon = urgent ? Siren : ShieldAlert;
  return (
    <p
      data-urgency={urgency.level}
      className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-lg font-semibold ${urgent ? 'border-doubt-line bg-doubt-soft text-ink' : 'border-line-strong bg-surface text-muted'}`}
    >
      <Icon aria-hidden="true" className="mt-1 size-5 shrink-0" />
      {urgencyLine(urgency)}
    </p>
  );
}
