/**
 * What became of a message, in one word (issue 26): the dashboard row's one status, and the History's delivery
 * filter. A message's processing status alone does not tell the truth: a completed message whose reply the
 * carrier never delivered is not done for the person waiting for it. So delivery counts, and the worse news
 * wins: failed, then not delivered, then a reply a limit stopped, then one still waiting for the carrier.
 */
import { type SmsPart, worstPart } from '#core/delivery/delivery-status';
import type { MessageStatus } from './status';

/** How the texts about a message fared, as the History filters them (`delivery=` in GET /api/messages). */
export const DELIVERY_STATES = ['delivered', 'waiting', 'not_delivered', 'none'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * The texts' state by the worst of the latest run's (core/delivery/delivery-status.ts): not delivered when one failed, waiting
 * while one is not confirmed, delivered once every one is; none when no text was recorded.
 */
export function deliveryState(parts: readonly SmsPart[] | undefined): DeliveryState {
  const worst = worstPart(parts ?? []);
  if (worst === null) return 'none';
  switch (worst.status) {
    case 'delivered':
      return 'delivered';
    case 'queued':
    case 'sent':
      return 'waiting';
    case 'undelivered':
    case 'failed':
      return 'not_delivered';
  }
}

/** The first words of what a message says when the sender's daily voice messages were used up. */
export const VOICE_LIMIT_LEAD = 'Not transcribed: this number had already sent';
/** The first words of the warning a reply gets when a segment cap or the budget stopped it (none sent, or not all). */
export const REPLY_LIMIT_LEADS = {
  none: 'The reply was not sent',
  rest: 'The rest of the reply was not sent',
} as const;

/** A row's one status, from the worst news down. */
export const OUTCOMES = [
  'pending',
  'processing',
  'failed',
  'refused',
  'not_delivered',
  'limited',
  'waiting',
  'delivered',
  'completed',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

type OutcomeFacts = {
  readonly status: MessageStatus;
  /** Present on the record of something refused instead of a voice message (core/messages/refused-inbound.ts). */
  readonly refusal?: unknown;
  readonly error_message: string | null;
  readonly reply_sent: boolean;
  readonly warnings?: readonly string[] | undefined;
  readonly sms_parts?: readonly SmsPart[] | undefined;
};

/** Whether a limit stopped the reply of a completed message (its warning says so, and it was not all sent). */
function replyLimited(message: OutcomeFacts): boolean {
  if (message.reply_sent) return false;
  const leads = Object.values(REPLY_LIMIT_LEADS).map((lead) => `${lead}:`);
  return (message.warnings ?? []).some((warning) => leads.some((lead) => warning.startsWith(lead)));
}

/**
 * The one status a row shows: waiting and processing as they are; a failure, unless it is the sender's daily
 * limit (limited: kept, not broken) or the record of something that was no voice message (refused: a picture,
 * a text that is no command, a message after STOP; stored as failed, nothing broke); a completed message by
 * its texts: not delivered, stopped at a limit,
 * sent and waiting for the carrier, delivered, or completed when no text was recorded (auto-reply off, a
 * sender who opted out, or a message from before delivery was recorded).
 */
export function messageOutcome(message: OutcomeFacts): Outcome {
  switch (message.status) {
    case 'pending':
    case 'processing':
      return message.status;
    case 'failed':
      if (message.refusal !== undefined) return 'refused';
      return message.error_message?.startsWith(VOICE_LIMIT_LEAD) ? 'limited' : 'failed';
    case 'completed': {
      const delivery = deliveryState(message.sms_parts);
      if (delivery === 'not_delivered') return 'not_delivered';
      if (replyLimited(message)) return 'limited';
      if (delivery === 'none') return 'completed';
      return delivery;
    }
  }
}
