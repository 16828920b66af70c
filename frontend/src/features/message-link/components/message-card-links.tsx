import type { SharedCards } from '@core/shared-cards';
import { CONTACT_FILE, EVENT_FILE } from '@core/shared-cards';
import { CalendarPlus, UserPlus } from 'lucide-react';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

/** A link that looks like the site's secondary button: at least 44 px tall, a visible focus ring. */
const LINK_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-line-strong bg-canvas px-4 py-2.5 text-base font-semibold text-ink transition-colors hover:bg-surface';

/** "Fri, Nov 27, 10:00 AM PST" in the reader's own zone (the calendar shows it there too); a day alone for all-day. */
function eventTime(event: NonNullable<SharedCards['event']>): string {
  if (event.all_day) {
    // A whole day has no zone: read its date as written.
    const [year, month, day] = event.starts_at.split('-').map(Number);
    return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1).toLocaleDateString(undefined, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    });
  }
  return new Date(event.starts_at).toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/**
 * "Add to contacts" and "Add to calendar" (issue 25): links that download the message's vCard and iCalendar
 * event (a phone opens them in its contacts or calendar), shown only for the cards the message has: the
 * facts in them passed the checks. Links, not buttons: Enter follows them, and no script builds the file.
 */
export function MessageCardLinks({
  code,
  cards,
}: {
  readonly code: string;
  readonly cards: SharedCards | undefined;
}) {
  const config = useRuntimeConfig();
  if (!cards || (!cards.contact && cards.event === null) || config === null) return null;
  const file = (name: string) => `${config.apiBaseUrl}/m/${encodeURIComponent(code)}/${name}`;
  return (
    <section aria-labelledby="save-heading" className="space-y-3">
      <h2 id="save-heading" className="text-lg font-semibold text-ink">
        Save it
      </h2>
      <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        {cards.contact && (
          <li>
            <a href={file(CONTACT_FILE)} download className={LINK_BUTTON}>
              <UserPlus aria-hidden="true" className="size-5" />
              Add to contacts
            </a>
          </li>
        )}
        {cards.event !== null && (
          <li className="space-y-1">
            <a href={file(EVENT_FILE)} download className={LINK_BUTTON} aria-describedby="event-details">
              <CalendarPlus aria-hidden="true" className="size-5" />
              Add to calendar
            </a>
            <p id="event-details" className="text-sm text-muted">
              {cards.event.title}, <time dateTime={cards.event.starts_at}>{eventTime(cards.event)}</time>
            </p>
          </li>
        )}
      </ul>
    </section>
  );
}
