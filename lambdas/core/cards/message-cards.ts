/**
 * What a voice message can be saved as (issue 25): a contact card for who called and a calendar event for a
 * time they stated, each only from facts the checks passed (core/facts/stated-summary.ts), or null. The message
 * page offers them as downloads and CARDS ON sends them as MMS attachments, both from here.
 */

import { findMentions } from '#core/facts/fact-mentions';
import { hasLinkText, withoutLinks } from '#core/facts/link-text';
import { checkedAgainstTranscript } from '#core/facts/summary-check';
import type { Message } from '#core/messages/message';
import { formatCallbackNumber } from '#core/texts/phone-format';
import { transcriptTokens } from '#core/transcripts/heard-transcript';
import { effectiveUrgency } from '#core/urgency/urgency-schema';
import { calendarEvent } from './calendar-event';
import { contactCard, e164Of, roleAsName } from './contact-card';
import { resolveWhen } from './event-time';
import { findTimeToKeep, NO_EVENT } from './time-to-keep';

/** One card: its file name (safe in a header and on any phone) and its text. */
export type CardFile = { readonly filename: string; readonly body: string };

/** An event as the page announces it, beside its file. */
export type EventCard = CardFile & {
  readonly title: string;
  readonly startsAt: string;
  readonly allDay: boolean;
  /** A deadline's time (ISO instant): "before we close at 5:30" is due at 5:30, the half hour before it the event. */
  readonly dueAt: string | null;
};

export type MessageCards = {
  readonly contact: CardFile | null;
  readonly event: EventCard | null;
  /** Why there is no event, as the page says it (core/cards/time-to-keep.ts NO_EVENT); null when there is one. */
  readonly noEvent: string | null;
};

/** What the cards read of a message. */
export type CardSource = Pick<
  Message,
  'id' | 'created_at' | 'summary' | 'transcript' | 'summary_details' | 'stated_facts'
> &
  Partial<
    Pick<
      Message,
      | 'language'
      | 'reply_language'
      | 'urgency'
      | 'urgency_review'
      | 'transcript_words'
      | 'source'
      | 'caller_number'
    >
  >;

/**
 * The number a contact card keeps: a forwarded call's caller ID when the network gave one (issue 33: fact,
 * not speech), else the callback number the caller said, as the checks passed it (a withheld caller ID adds
 * none).
 */
function cardNumber(message: CardSource, details: NonNullable<Message['summary_details']>): string | null {
  if (message.source === 'call' && message.caller_number) return message.caller_number;
  return checkedAgainstTranscript(details, message.transcript ?? '').callback_number?.trim() || null;
}

export const CONTACT_FILE_TYPE = 'text/vcard; charset=utf-8';
export const EVENT_FILE_TYPE = 'text/calendar; charset=utf-8';

/** "rebecca-dr-patels-office": letters and digits only, for a file name. */
function slug(text: string, fallback: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return plain === '' ? fallback : plain;
}

/** "Rebecca (Dr. Patel's office)", "Rebecca", "Dr. Patel's office", or null. */
function whoLabel(name: string | null, organization: string | null): string | null {
  if (name !== null && organization !== null) return `${name} (${organization})`;
  return name ?? organization;
}

/** A stated part of the caller, unless it carries an address (a part stored before issue 31's checks could). */
const statedPart = (part: string | null | undefined) => {
  const text = part?.trim() || null;
  return text === null || hasLinkText(text) ? null : text;
};

/**
 * The message's cards, in `timeZone` (IANA; the sender's, core/cards/time-zones.ts): a contact when the checks
 * passed a name or organization and a callback number; an event when they passed a time the caller set for
 * something. Messages from before the checks (no `stated_facts`) get neither; nor does a message shown as
 * likely spam (issue 31: nothing to act on from a scam; an operator's correction to another level brings
 * them back, as it is read whenever a card is asked for).
 */
export function messageCards(message: CardSource, options: { readonly timeZone: string }): MessageCards {
  const details = message.summary_details;
  if (!details || !message.stated_facts || message.transcript === null) {
    const noEvent = message.transcript === null ? NO_EVENT.untranscribed : NO_EVENT.unchecked;
    return { contact: null, event: null, noEvent };
  }
  if (effectiveUrgency(message) === 'likely_spam')
    return { contact: null, event: null, noEvent: NO_EVENT.spam };
  const parts = details.caller_parts ?? null;
  const name = statedPart(parts?.name);
  const organization = statedPart(parts?.organization);
  const role = statedPart(parts?.role);
  const number = cardNumber(message, details);
  const who = whoLabel(name, organization) ?? roleAsName(role);

  const contactBody =
    number === null
      ? null
      : contactCard({
          name,
          organization,
          number,
          receivedAt: message.created_at,
          timeZone: options.timeZone,
        });
  const contact =
    contactBody === null ? null : { filename: `${slug(who ?? '', 'contact')}.vcf`, body: contactBody };

  return { contact, ...eventCard(message, { who, number, timeZone: options.timeZone }) };
}

/**
 * The event for the time the caller asked to keep (core/cards/time-to-keep.ts), or why there is none. Only in
 * English (issue 25): the finders read English words, and elsewhere a time could not be held against what was
 * heard, and a time nobody checked is not put in a calendar.
 */
function eventCard(
  message: CardSource,
  about: { readonly who: string | null; readonly number: string | null; readonly timeZone: string },
): Pick<MessageCards, 'event' | 'noEvent'> {
  const english = [message.language, message.reply_language].every((code) => !code || code === 'en');
  if (!english) return { event: null, noEvent: NO_EVENT.language };
  const found = findTimeToKeep(
    message.transcript ?? '',
    message.stated_facts?.unsure ?? [],
    message.transcript_words ?? null,
  );
  if (found.kind === 'none') return { event: null, noEvent: NO_EVENT.none };
  const said = shortSaid(found.kind === 'found' ? found.keep.said : found.said);
  if (found.kind === 'unclear') return { event: null, noEvent: NO_EVENT.unclear(said) };
  if (found.kind === 'undated') return { event: null, noEvent: NO_EVENT.noDay(said) };
  const { keep } = found;
  const when = resolveWhen(keep.words, keep.mentions, message.created_at, about.timeZone, keep);
  if (when === 'passed') return { event: null, noEvent: NO_EVENT.passed(said) };
  if (when === 'disagree') return { event: null, noEvent: NO_EVENT.disagree(said) };
  if (when === null) return { event: null, noEvent: NO_EVENT.noDay(said) };
  const { who, number } = about;
  const title =
    keep.title === 'Call back' && who !== null
      ? `Call back ${who}`
      : `${keep.title}${who === null ? '' : ` (${who})`}`;
  const description = [
    `Said: "${said}"`,
    number === null ? null : `Call back: ${formatCallbackNumber(number)}`,
    withoutLinks(message.summary?.trim() ?? '') || null,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const body = calendarEvent({
    messageId: message.id,
    title,
    description,
    when,
    stampedAt: message.created_at,
  });
  const startsAt =
    when.kind === 'timed'
      ? when.start.toISOString()
      : `${when.year}-${String(when.month).padStart(2, '0')}-${String(when.day).padStart(2, '0')}`;
  return {
    event: {
      filename: `${slug(title, 'event')}.ics`,
      body,
      title,
      startsAt,
      allDay: when.kind === 'day',
      dueAt: when.kind === 'timed' && when.deadline ? when.end.toISOString() : null,
    },
    noEvent: null,
  };
}

/**
 * Why a message has no contact card, in the words the page gives (issue 32: the reason must be the true one),
 * or null when it has one. Read in order: a message from before the checks, likely spam, no number said, a
 * number said but not heard well enough, no caller named (neither a name, a business nor a role passed).
 */
export function contactMissing(message: CardSource, options: { readonly timeZone: string }): string | null {
  if (messageCards(message, options).contact !== null) return null;
  if (!message.summary_details || !message.stated_facts || message.transcript === null) {
    return 'This message was summarized before callers could be saved: it has no contact card.';
  }
  if (effectiveUrgency(message) === 'likely_spam') {
    return 'This message looks like spam: its caller is not offered as a contact.';
  }
  const number = cardNumber(message, message.summary_details);
  if (!number) {
    if (message.stated_facts.number_unclear !== null) {
      return 'This message has no caller to save: the number they gave was not heard well enough to state.';
    }
    const said = findMentions(transcriptTokens(message.transcript)).some((m) => m.kind === 'phone');
    return said
      ? 'This message has no caller to save: no number in it could be taken as one to call back.'
      : 'This message has no caller to save: no callback number was heard in it.';
  }
  if (e164Of(number) === null) {
    return 'This message has no caller to save: the number they gave is not a phone number a contact can keep.';
  }
  return 'This message has no caller to save: who called (a name or a business) was not heard well enough.';
}

/** The sentence as said, without addresses and at most 140 characters, for the page and the event. */
function shortSaid(said: string): string {
  const plain = withoutLinks(said).trim();
  return plain.length <= 140 ? plain : `${plain.slice(0, 139).trimEnd()}…`;
}
