import type { SharedCards } from '@core/cards/page-cards';
import { CONTACT_FILE, EVENT_FILE } from '@core/cards/page-cards';
import { CalendarPlus, UserPlus } from 'lucide-react';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

/** A link that looks like the site's secondary button: at least 44 px tall, a visible focus ring. */
const LINK_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-line-strong bg-canvas px-4 py-2.5 text-base font-semibold text-ink transition-colors hover:bg-surface';

/**
 * "Fri, Nov 27, 10:00 AM PST": in the sender's zone the time was read in (the calendar shows the same
 * moment in the phone's own); a whole day has no zone and reads as its date; a deadline reads as the time it
 * is due, "by Fri, Nov 27, 5:30 PM CST" (its event is the half hour before, ending then).
 */
function eventTime(event: NonNullable<SharedCards['event']>): string {
  if (event.all_day) {
    const [year, month, day] = event.starts_at.split('-').map(Number);
    return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).toLocaleDateString(undefined, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  }
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  const at = new Date(event.due_at ?? event.starts_at);
  const by = event.due_at ? 'by ' : '';
  try {
    return `${by}${at.toLocaleString(undefined, { ...options, timeZone: event.time_zone })}`;
  } catch {
    // A zone this browser does not know: its own.
    return `${by}${at.toLocaleString(undefined, options)}`;
  }
}

/**
 * "Add to contacts" and "Add to calendar" (issue 25): links that download the message's vCard and iCalendar
 * event (a phone opens them in its contacts or calendar), shown only for the cards the message has: the
 * facts in them passed the checks. Links, not buttons: Enter follows them, and no script builds the file.
 * When there is no event, the reason the service gives (issue 32).
 */
export function MessageCardLinks({
  code,
  cards,
}: {
  readonly code: string;
  readonly cards: SharedCards | undefined;
}) {
  const config = useRuntimeConfig();
  if (!cards || config === null) return null;
  // Why no event is offered (issue 32), said when there is none: "no day and time to keep were said".
  const noEvent =
    cards.event === null && cards.no_event ? <p className="text-muted">{cards.no_event}</p> : null;
  if (!cards.contact && cards.event === null) return noEvent;
  const file = (name: string) => `${config.apiBaseUrl}/m/${encodeURIComponent(code)}/${name}`;
  return (
    <section aria-labelledby="save-heading" className="space-y-3">
      <h2 id="save-heading" className="text-lg font-semibold text-ink">
        Save it
      </h2>
      <ul className="flex flex-wrap gap-3">
        {cards.contact && (
          <li>
            <a href={file(CONTACT_FILE)} download className={LINK_BUTTON}>
              <UserPlus aria-hidden="true" className="size-5" />
              Add to contacts
            </a>
          </li>
        )}
        {cards.event !== null && (
          <li>
            <a href={file(EVENT_FILE)} download className={LINK_BUTTON} aria-describedby="event-details">
              <CalendarPlus aria-hidden="true" className="size-5" />
              Add to calendar
            </a>
          </li>
        )}
      </ul>
      {cards.event !== null && (
        <p id="event-details" className="text-muted">
          {cards.event.title},{' '}
          <time dateTime={cards.event.due_at ?? cards.event.starts_at}>{eventTime(cards.event)}</time>
        </p>
      )}
      {noEvent}
    </section>
  );
}
