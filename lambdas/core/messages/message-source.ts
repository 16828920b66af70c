/**
 * Where a message came from, as the operator reads it (issue 33): a forwarded call, an MMS (a texted voice
 * message, or a recording sent through a texted upload link), or a test upload from the dashboard. Messages
 * saved before `source` existed have none: those with a sender's number came by text, the rest were uploads.
 */
import { formatPhoneNumber } from '#core/delivery/phone';
import type { MESSAGE_SOURCES, Message } from './message';

export type MessageSource = (typeof MESSAGE_SOURCES)[number];

export function messageSource(message: Pick<Message, 'source' | 'phone_number'>): MessageSource {
  return message.source ?? (message.phone_number ? 'sms' : 'upload');
}

/** The source in a word (the list's column, the CSV export's `source` stays the code). */
export const SOURCE_LABEL: Readonly<Record<MessageSource, string>> = {
  call: 'Call',
  sms: 'MMS',
  upload: 'Upload',
};

/**
 * A call's caller as the network gave it: "(312) 555-0147", or "a private number" when withheld; null for a
 * message that was not a call.
 */
export function callerNumberWords(message: Pick<Message, 'source' | 'caller_number'>): string | null {
  if (message.source !== 'call') return null;
  return message.caller_number ? formatPhoneNumber(message.caller_number) : 'a private number';
}
