/**
 * What the message page is told of a message's cards (issue 25): whether it has a contact card, and its
 * event's title and start, so the page shows "Add to contacts" and "Add to calendar" only when there is one.
 * The files themselves come from GET /api/m/{code}/contact.vcf and /event.ics (core/cards/message-cards.ts).
 */
import * as z from 'zod';

/** The download routes' last segment, after `/api/m/{code}/`. */
export const CONTACT_FILE = 'contact.vcf';
export const EVENT_FILE = 'event.ics';

export const sharedCardsSchema = z.object({
  /** Whether "Add to contacts" has a card to give: a name or organization and a number the checks passed. */
  contact: z.boolean(),
  /**
   * The event "Add to calendar" gives, or null: its title, when it starts (ISO instant; a whole day:
   * YYYY-MM-DD), the sender's zone it was resolved in (IANA), which the page writes its time in, and for a
   * deadline the time it is due (ISO instant: the page says "by 5:30 PM", not the half hour's start; issue 32;
   * absent from older answers).
   */
  event: z
    .object({
      title: z.string(),
      starts_at: z.string(),
      all_day: z.boolean(),
      time_zone: z.string(),
      due_at: z.string().nullable().optional(),
    })
    .nullable(),
  /**
   * Why there is no event, as the page says it under "Save it" ("No calendar event: no day and time to keep
   * were said."; core/cards/time-to-keep.ts NO_EVENT); null when there is one. Absent from older answers.
   */
  no_event: z.string().nullable().optional(),
});
export type SharedCards = z.infer<typeof sharedCardsSchema>;
