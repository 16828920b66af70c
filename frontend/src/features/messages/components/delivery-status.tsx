import { describeDelivery } from '@core/delivery/delivery-errors';
import type { Message } from '@core/messages/message';

const TONE = {
  delivered: 'text-success',
  sent: 'text-muted',
  queued: 'text-muted',
  undelivered: 'text-danger',
  failed: 'text-danger',
} as const;

/**
 * What became of the texts about a message, beside "• Reply sent": "• Delivered", "• Waiting for the
 * carrier..." or "• Not delivered: <reason> (<code>)" with what to do, in the words of core's one catalogue
 * (core/delivery/delivery-errors.ts). Nothing when no text was recorded.
 */
export function DeliveryStatus({ message }: { readonly message: Message }) {
  const delivery = describeDelivery(message.sms_parts);
  if (!delivery) return null;
  return (
    <div className="text-sm" data-delivery={delivery.status}>
      <p className={`font-medium ${TONE[delivery.status]}`}>• {delivery.title}</p>
      {delivery.advice && <p className="mt-0.5 text-ink">{delivery.advice}</p>}
    </div>
  );
}
