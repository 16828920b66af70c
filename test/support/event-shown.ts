/**
 * The event tests' messages and how a calendar shows their events (issue 32): a message as the pipeline leaves
 * it once the checks passed its facts, arrived on Thursday 26 November 2026 at 10:00 in New York, and its event
 * as "2026-11-30 10:00 - 10:30" on the wall clock of a zone (read back with ical.js, as a calendar app would),
 * else the reason the page gives. Shared by the event tests.
 */
import ICAL from 'ical.js';
import { type CardSource, messageCards } from '#core/cards/message-cards';

export const NEW_YORK = 'America/New_York';
/** Thursday 26 November 2026, 10:00 in New York. */
export const THURSDAY_TEN = '2026-11-26T15:00:00.000Z';

export function eventShown(body: string, zone: string): string {
  const vevent = new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent');
  const read = new ICAL.Event(vevent!);
  const local = (date: Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', ...options }).format(date);
  const start = read.startDate.toJSDate();
  const end = read.endDate.toJSDate();
  const day = local(start, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const clock = (date: Date) => local(date, { hour: '2-digit', minute: '2-digit' });
  return `${day} ${clock(start)} - ${clock(end)}`;
}

/** A message with this transcript whose facts the checks passed but the word ranges in `unsure`. */
export function eventMessage(
  transcript: string,
  options: Partial<CardSource> & { readonly unsure?: [number, number][] } = {},
): CardSource {
  const { unsure, ...rest } = options;
  return {
    id: 'msg-event-1',
    created_at: THURSDAY_TEN,
    summary: 'A voice message.',
    transcript,
    summary_details: {
      summary: 'A voice message.',
      key_points: [],
      callback_number: null,
      callback_time: null,
      requested_action: null,
      caller: null,
      caller_parts: null,
    },
    stated_facts: { number_unclear: null, unsure: unsure ?? [] },
    ...rest,
  };
}

/** The message's event as the calendar shows it in New York, else the reason the page gives. */
export function eventOrReason(source: CardSource): string {
  const { event, noEvent } = messageCards(source, { timeZone: NEW_YORK });
  return event === null ? (noEvent ?? 'no reason') : eventShown(event.body, NEW_YORK);
}
