/**
 * What one row of the message list says (issue 26): who called, the gist, and its one status in words. The
 * status itself is core's (core/messages/message-outcome.ts), so the row and the History's delivery filter agree.
 */

import { formatPhoneNumber } from '@core/delivery/phone';
import type { Message } from '@core/messages/message';
import type { DeliveryState, Outcome } from '@core/messages/message-outcome';
import { callerNumberWords } from '@core/messages/message-source';
import { receivedWords } from '@core/messages/refused-inbound';
import { STATUS_PRESENTATION } from '@core/messages/status';

/** A row's status in words: the label beside its icon. */
export const OUTCOME_LABEL: Readonly<Record<Outcome, string>> = {
  pending: 'Pending',
  processing: 'Processing',
  failed: 'Failed',
  refused: 'Refused',
  not_delivered: 'Not delivered',
  limited: 'Limited',
  waiting: 'Sent',
  delivered: 'Delivered',
  completed: 'Completed',
};

/** The History's delivery filter, in words. */
export const DELIVERY_LABEL: Readonly<Record<DeliveryState, string>> = {
  delivered: 'Delivered',
  waiting: 'Waiting for the carrier',
  not_delivered: 'Not delivered',
  none: 'No text sent',
};

/** How a sender reads: phone numbers as (415) 555-0132 (E.164 outside the US), test uploads by their name. */
export function senderLabel(sender: string): string {
  return sender.startsWith('+') ? formatPhoneNumber(sender) : sender;
}

/** Who called as the checks named them (the first text's words), or null when no name passed them. */
export function callerOf(message: Pick<Message, 'summary_details'>): string | null {
  return message.summary_details?.caller?.trim() || null;
}

/**
 * Who the row is from: the caller when known; for a forwarded call the caller's number from the network
 * ("Private number" when withheld); else the number that sent it (or a test upload's name).
 */
export function whoCalled(
  message: Pick<Message, 'summary_details' | 'sender' | 'source' | 'caller_number'>,
): string {
  const network = callerNumberWords(message);
  const number = network === 'a private number' ? 'Private number' : network;
  return callerOf(message) ?? number ?? senderLabel(message.sender);
}

/**
 * The row's one line about the message: the summary (without the caller it starts with, who leads the row
 * already), what is happening while it is processed, or why it failed; for the record of something refused,
 * what came in and what we answered (why, in full, when the row is opened).
 */
export function gistOf(message: Message): string {
  const { refusal } = message;
  if (refusal) {
    const received = receivedWords(refusal);
    const answered = refusal.answered === null ? 'nothing' : `“${refusal.answered}”`;
    return `${received.charAt(0).toUpperCase()}${received.slice(1)}; we answered ${answered}`;
  }
  switch (message.status) {
    case 'pending':
    case 'processing':
      return STATUS_PRESENTATION[message.status].text ?? '';
    case 'failed':
      return message.error_message ?? 'Processing failed.';
    case 'completed': {
      const summary = message.summary?.trim() || message.transcript?.trim() || '';
      const caller = callerOf(message);
      if (caller === null || !summary.toLowerCase().startsWith(caller.toLowerCase())) return summary;
      return summary.slice(caller.length).replace(/^[\s:,.-]+/, '') || summary;
    }
  }
}

/**
 * SPEC section 4's action for the row's state, shown on the row itself (issue 34): pending "Process Now",
 * processing "Retry Now", failed "Retry Processing"; none when completed, for the record of something refused,
 * or when processing the recording again would fail the same way (`error_retryable` false).
 */
export function rowAction(message: Pick<Message, 'status' | 'refusal' | 'error_retryable'>): string | null {
  if (message.refusal) return null;
  if (message.status === 'failed' && message.error_retryable === false) return null;
  return STATUS_PRESENTATION[message.status].action;
}
