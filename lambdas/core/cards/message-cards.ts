/**
 * What a voice message can be saved as (issue 25): a contact card for who called and a calendar event for a
 * time they stated, each only from facts the checks passed (core/facts/stated-summary.ts), or null. The message
 * page offers them as downloads and CARDS ON sends them as MMS attachments, both from here.
 */

import { findMentions, type Mention } from '#core/facts/fact-mentions';
import { hasLinkText, withoutLinks } from '#core/facts/link-text';
import { checkedAgainstTranscript } from '#core/facts/summary-check';
import { bareWords } from '#core/facts/time-mentions';
import type { Message } from '#core/messages/message';
import { formatCallbackNumber } from '#core/texts/phone-format';
import { transcriptTokens } from '#core/transcripts/heard-transcript';
import { effectiveUrgency } from '#core/urgency/urgency-schema';
import { calendarEvent } from './calendar-event';
import { contactCard, e164Of, roleAsName } from './contact-card';
import { type EventWhen, resolveWhen } from './event-time';

/** One card: its file name (safe in a header and on any phone) and its text. */
export type CardFile = { readonly filename: string; readonly body: string };

/** An event as the page announces it, beside its file. */
export type EventCard = CardFile & {
  readonly title: string;
  readonly startsAt: string;
  readonly allDay: boolean;
};

export type MessageCards = { readonly contact: CardFile | null; readonly event: EventCard | null };

/** What the cards read of a message. */
export type CardSource = Pick<
  Message,
  'id' | 'created_at' | 'summary' | 'transcript' | 'summary_details' | 'stated_facts'
> &
  Partial<Pick<Message, 'language' | 'reply_language' | 'urgency' | 'urgency_review'>>;

export const CONTACT_FILE_TYPE = 'text/vcard; charset=utf-8';
export const EVENT_FILE_TYPE = 'text/calendar; charset=utf-8';

/** Words that make a sentence about a time something happens, not a callback, and the event's title for each. */
const APPOINTMENT_TITLES: Readonly<Record<string, string>> = {
  appointment: 'Appointment',
  appt: 'Appointment',
  consultation: 'Appointment',
  visit: 'Appointment',
  meeting: 'Meeting',
  interview: 'Interview',
  reservation: 'Reservation',
  deadline: 'Deadline',
  due: 'Deadline',
};
/** A kind of appointment said just before the word: "dentist appointment". */
const APPOINTMENT_KINDS = new Set([
  'dentist',
  'dental',
  'doctor',
  "doctor's",
  'eye',
  'vet',
  'hair',
  'school',
]);
const TIME_KINDS = new Set(['time', 'day', 'date']);

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

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

const overlaps = (mention: Mention, ranges: readonly (readonly [number, number])[]) =>
  ranges.some(([start, end]) => mention.start < end && start < mention.end);

/**
 * The first sentence of the transcript that sets a time for an appointment, a meeting or a deadline, with
 * every time, day and date in it heard well (none among the doubtful ranges the checks kept), or null.
 */
function appointmentIn(message: CardSource): { words: string[]; mentions: Mention[]; title: string } | null {
  const unsure = message.stated_facts?.unsure;
  if (!message.transcript || unsure === undefined) return null;
  const tokens = transcriptTokens(message.transcript);
  const words = bareWords(tokens);
  const mentions = findMentions(tokens);
  let start = 0;
  for (let index = 0; index < tokens.length; index++) {
    if (!/[.?!]$/.test(tokens[index] ?? '') && index < tokens.length - 1) continue;
    const end = index + 1;
    const at = words.slice(start, end).findIndex((word) => APPOINTMENT_TITLES[word] !== undefined);
    const times = mentions.filter((m) => TIME_KINDS.has(m.kind) && m.start >= start && m.end <= end);
    if (at >= 0 && times.length > 0) {
      // One doubtful time in the sentence and nothing from it goes in a calendar.
      if (times.some((m) => m.problem !== null || overlaps(m, unsure))) return null;
      const before = words[start + at - 1] ?? '';
      const title = APPOINTMENT_TITLES[words[start + at] ?? ''] ?? 'Appointment';
      // "Dentist appointment": the kind said before it.
      const kind = title === 'Appointment' && APPOINTMENT_KINDS.has(before) ? before : null;
      return { words, mentions: times, title: kind === null ? title : `${capitalized(kind)} appointment` };
    }
    start = end;
  }
  return null;
}

/** The callback time the summary states (it passed the checks), as words and mentions, or null. */
function callbackTimeIn(time: string | null): { words: string[]; mentions: Mention[] } | null {
  if (!time?.trim()) return null;
  const tokens = transcriptTokens(time);
  const mentions = findMentions(tokens).filter((m) => TIME_KINDS.has(m.kind));
  if (mentions.length === 0 || mentions.some((m) => m.problem !== null)) return null;
  return { words: bareWords(tokens), mentions };
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
  if (!details || !message.stated_facts || message.transcript === null) return { contact: null, event: null };
  if (effectiveUrgency(message) === 'likely_spam') return { contact: null, event: null };
  const checked = checkedAgainstTranscript(details, message.transcript);
  const parts = details.caller_parts ?? null;
  const name = statedPart(parts?.name);
  const organization = statedPart(parts?.organization);
  const role = statedPart(parts?.role);
  const number = checked.callback_number?.trim() || null;
  const who = whoLabel(name, organization) ?? roleAsName(role);

  const contactBody =
    number === null
      ? null
      : contactCard({
          name,
          organization,
          role,
          number,
          receivedAt: message.created_at,
          timeZone: options.timeZone,
        });
  const contact =
    contactBody === null ? null : { filename: `${slug(who ?? '', 'contact')}.vcf`, body: contactBody };

  const appointment = appointmentIn(message);
  // The stated callback time passed the checks of issue 24 (core/facts/stated-summary.ts), which read times better
  // than the older digits-only check the number still goes through.
  // Only where transcript and summary are both English: elsewhere the summary's time ("jueves a las diez")
  // could not be held against what was heard, and a time nobody checked is not put in a calendar.
  const english = [message.language, message.reply_language].every((code) => !code || code === 'en');
  const callback = appointment === null && english ? callbackTimeIn(details.callback_time) : null;
  const stated = appointment ?? callback;
  const when: EventWhen | null =
    stated === null ? null : resolveWhen(stated.words, stated.mentions, message.created_at, options.timeZone);
  if (when === null) return { contact, event: null };
  const title =
    appointment === null
      ? who === null
        ? 'Call back'
        : `Call back ${who}`
      : `${appointment.title}${who === null ? '' : ` (${who})`}`;
  const description = [
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
    contact,
    event: { filename: `${slug(title, 'event')}.ics`, body, title, startsAt, allDay: when.kind === 'day' },
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
  const number = checkedAgainstTranscript(message.summary_details, message.transcript).callback_number;
  if (!number?.trim()) {
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
