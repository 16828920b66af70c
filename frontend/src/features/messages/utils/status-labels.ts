import type { MessageStatus } from '@core/status';

/** A message's status in words, as the card's badge and the History filter say it. */
export const STATUS_LABEL: Readonly<Record<MessageStatus, string>> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};
