/**
 * "Add to calendar" (issue 25): an iCalendar event (RFC 5545) for a time the caller stated and the checks
 * passed (core/cards/event-time.ts resolves it). Times are written in UTC ("...Z"): an event is one instant, every
 * calendar shows it in the device's own zone, and no VTIMEZONE has to be carried and kept current
 * (docs/decisions/cards.md). A whole day is a DATE event. A reminder goes off before it.
 */
import { CARDS_PRODID } from './contact-card';
import { contentDocument, contentLine, escapeText } from './content-lines';
import type { EventWhen } from './event-time';

/** The reminder: this many minutes before a timed event starts. */
export const REMINDER_MINUTES = 30;

/** A whole-day event's reminder: at 9:00 that morning (its start is the day's midnight, floating). */
const DAY_REMINDER = 'PT9H';

export type EventInput = {
  /** The message's id: the event's UID is made from it, so saving it twice updates one event. */
  readonly messageId: string;
  /** "Call back Rebecca (Dr. Patel's office)". */
  readonly title: string;
  /** The callback number and the gist. */
  readonly description: string;
  readonly when: EventWhen;
  /** When the event was made (ISO): DTSTAMP. */
  readonly stampedAt: string;
};

/** 20261127T140000Z */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

const dateValue = (when: { year: number; month: number; day: number }) =>
  `${when.year}${String(when.month).padStart(2, '0')}${String(when.day).padStart(2, '0')}`;

/** The .ics: one VCALENDAR holding one VEVENT with one VALARM. */
export function calendarEvent(input: EventInput): string {
  const { when } = input;
  const times =
    when.kind === 'timed'
      ? [contentLine('DTSTART', utcStamp(when.start)), contentLine('DTEND', utcStamp(when.end))]
      : [
          contentLine('DTSTART', dateValue(when), { VALUE: 'DATE' }),
          contentLine('DTEND', dateValue(nextDay(when)), { VALUE: 'DATE' }),
        ];
  const trigger = when.kind === 'timed' ? `-PT${REMINDER_MINUTES}M` : DAY_REMINDER;
  const lines = [
    'BEGIN:VCALENDAR',
    contentLine('VERSION', '2.0'),
    contentLine('PRODID', escapeText(CARDS_PRODID)),
    contentLine('CALSCALE', 'GREGORIAN'),
    contentLine('METHOD', 'PUBLISH'),
    'BEGIN:VEVENT',
    contentLine('UID', escapeText(`${input.messageId}-event@voice-summary`)),
    contentLine('DTSTAMP', utcStamp(new Date(input.stampedAt))),
    ...times,
    contentLine('SUMMARY', escapeText(input.title)),
    contentLine('DESCRIPTION', escapeText(input.description)),
    contentLine('TRANSP', 'OPAQUE'),
    'BEGIN:VALARM',
    contentLine('ACTION', 'DISPLAY'),
    contentLine('DESCRIPTION', escapeText(input.title)),
    contentLine('TRIGGER', trigger),
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return contentDocument(lines);
}

function nextDay(day: { year: number; month: number; day: number }) {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}
