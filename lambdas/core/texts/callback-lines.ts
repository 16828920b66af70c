/**
 * The lines a page shows under a message's summary (issue 31): the "Call back:" line and "Number unclear",
 * as the sender's first text had them, and neither for a message shown as likely spam. Used by the message
 * link's API and the dashboard's message; apart from core/texts/voice-reply.ts because it reads the urgency's
 * schema (zod), which the site's first chunk, reading the reply's constants, may not build.
 */
import type { Message } from '#core/messages/message';
import { effectiveUrgency } from '#core/urgency/urgency-schema';
import { callerIdOf, checkedCallbackLine } from './voice-reply';

/** What a page reads of a message for the lines under its summary. */
type CallbackSource = Pick<Message, 'summary_details' | 'transcript' | 'stated_facts'> &
  Partial<Pick<Message, 'urgency' | 'urgency_review' | 'source' | 'caller_number'>>;

/**
 * The "Call back:" line a page shows under a message's summary (the message link page, the dashboard's
 * message), as the sender's text had it; none for a message shown as likely spam (issue 31: nothing to act
 * on from a scam, as its text has no callback line either).
 */
export function messageCallbackLine(message: CallbackSource): string | null {
  if (effectiveUrgency(message) === 'likely_spam') return null;
  const details = message.summary_details;
  return details && message.transcript !== null
    ? checkedCallbackLine(details, message.transcript, callerIdOf(message))
    : null;
}

/** "Number unclear, listen at 0:42" as a page shows it: where, or null (none for likely spam either). */
export function messageNumberUnclear(message: CallbackSource): { readonly at: number | null } | null {
  if (effectiveUrgency(message) === 'likely_spam') return null;
  return message.stated_facts?.number_unclear ?? null;
}
