/**
 * An event file as the person's calendar shows it: "2026-11-30 10:00 - 10:30" on the wall clock of `zone`
 * (read back with ical.js, as a calendar app would). Shared by the event tests of issue 32.
 */
import ICAL from 'ical.js';

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
