import type { MessageKind } from '@core/messages/refused-inbound';
import type { MessageStatus } from '@core/messages/status';

/** A message's status in words, as the card's badge and the History filter say it. */
export const STATUS_LABEL: Readonly<Record<MessageStatus, string>> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** What a message is, as the History's filter names it: voice messages, or what was refused instead. */
export const KIND_LABEL: Readonly<Record<MessageKind, string>> = {
  voice: 'Voice messages',
  attachment: 'Pictures, other files',
  text: 'Other texts',
};
