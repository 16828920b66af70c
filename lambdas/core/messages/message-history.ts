/**
 * The operator's message history (issue 19): filters by sender, status, kind, delivery (issue 26), urgency
 * (issue 25) and date range, pages of up to 100 read with an opaque cursor, and what an export of the filtered list holds.
 * Pure: the API validates a request with these schemas, the repository pages by them, and the dashboard
 * shares the limits.
 */
import * as z from 'zod';
import type { SmsPart } from '#core/delivery/delivery-status';
import { normalizePhone } from '#core/delivery/phone';
import {
  effectiveUrgency,
  URGENCY_LEVELS,
  type Urgency,
  type UrgencyLevel,
} from '#core/urgency/urgency-schema';
import type { UrgencyReview } from './message-corrections';
import { DELIVERY_STATES, type DeliveryState, deliveryState } from './message-outcome';
import { MESSAGE_KINDS, type MessageKind } from './refused-inbound';
import { MESSAGE_STATUSES, type MessageStatus } from './status';

/** The largest page `GET /api/messages` gives. */
export const HISTORY_LIMIT_MAX = 100;
/** SPEC: the dashboard's Recent Messages list holds the 10 newest (its first page, and the live list's cap). */
export const RECENT_MESSAGES = 10;
/** "Load more" under the list (the History) loads this many at a time. */
export const HISTORY_PAGE_SIZE = 25;

/** Where a page ended: the last message it holds (what the next page starts after). */
export type PagePosition = { readonly id: string; readonly created_at: string };

/** What the history is narrowed to; every field optional. Dates are ISO times, `to` exclusive. */
export type MessageFilters = {
  /** E.164. */
  readonly sender?: string;
  readonly status?: MessageStatus;
  /** Voice messages, or one kind of thing refused instead (core/messages/refused-inbound.ts). */
  readonly kind?: MessageKind;
  /** How its texts fared (core/messages/message-outcome.ts). */
  readonly delivery?: DeliveryState;
  /** How pressing it is, by the operator's correction first (core/urgency/urgency-schema.ts `effectiveUrgency`). */
  readonly urgency?: UrgencyLevel;
  readonly from?: string;
  readonly to?: string;
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_HELP = 'a date like 2026-11-24, or a time like 2026-11-24T09:30:00Z';

/**
 * A date bound: a time with its zone, or a plain date (a UTC day). `to` with a plain date includes that
 * whole day. Returned as `toISOString()` text, the form `created_at` is stored in, so they compare as text.
 */
function dateBound(which: 'from' | 'to') {
  // Messages name no field: the error mapper puts the field's name in front ("from: must be...").
  return z
    .string()
    .trim()
    .max(40, { error: `is too long: use ${DATE_HELP}.` })
    .transform((value, ctx) => {
      const plain = PLAIN_DATE.test(value);
      const ms = plain
        ? Date.parse(`${value}T00:00:00.000Z`)
        : ISO_TIME.test(value)
          ? Date.parse(value)
          : NaN;
      if (Number.isNaN(ms) || (plain && new Date(ms).toISOString().slice(0, 10) !== value)) {
        ctx.addIssue({ code: 'custom', message: `must be ${DATE_HELP}.` });
        return z.NEVER;
      }
      return new Date(plain && which === 'to' ? ms + 86_400_000 : ms).toISOString();
    })
    .optional();
}

/** The cursor as it travels: base64url of a small JSON object, so nobody relies on its insides. */
export function encodeCursor(position: PagePosition): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ i: position.id, t: position.created_at }));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

const cursorContent = z.strictObject({
  i: z.string().min(1).max(100),
  t: z.string().regex(ISO_TIME),
});

/** The position a cursor names, or null when it is not one this API gave out. */
export function decodeCursor(cursor: string): PagePosition | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) return null;
  try {
    const binary = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
    const parsed = cursorContent.safeParse(JSON.parse(text));
    return parsed.success ? { id: parsed.data.i, created_at: parsed.data.t } : null;
  } catch {
    return null;
  }
}

const CURSOR_HELP = 'use the next_cursor of the page before, or leave cursor out to start from the newest.';

/** The filters shared by the list and the export. */
const filterFields = {
  sender: z
    .string()
    .max(40, { error: 'is too long: enter a phone number.' })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const result = normalizePhone(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.e164;
    }),
  status: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(MESSAGE_STATUSES, { error: `must be one of ${MESSAGE_STATUSES.join(', ')}.` }).optional(),
    )
    .optional(),
  kind: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(MESSAGE_KINDS, { error: `must be one of ${MESSAGE_KINDS.join(', ')}.` }).optional(),
    )
    .optional(),
  delivery: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(DELIVERY_STATES, { error: `must be one of ${DELIVERY_STATES.join(', ')}.` }).optional(),
    )
    .optional(),
  urgency: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(URGENCY_LEVELS, { error: `must be one of ${URGENCY_LEVELS.join(', ')}.` }).optional(),
    )
    .optional(),
  from: dateBound('from'),
  to: dateBound('to'),
};

/**
 * The filters no index key or stored attribute answers, checked on each message read: how its texts fared
 * (each text is an attribute of its own) and its urgency (the operator's correction, else the pipeline's).
 * A message without urgency (refused, or from before issue 25) matches no urgency.
 */
export function matchesDerivedFilters(
  message: {
    readonly sms_parts?: readonly SmsPart[] | undefined;
    readonly urgency?: Urgency | null | undefined;
    readonly urgency_review?: UrgencyReview | null | undefined;
  },
  filters: Pick<MessageFilters, 'delivery' | 'urgency'>,
): boolean {
  return (
    (filters.delivery === undefined || deliveryState(message.sms_parts) === filters.delivery) &&
    (filters.urgency === undefined || effectiveUrgency(message) === filters.urgency)
  );
}

function checkRange(filters: MessageFilters, ctx: z.RefinementCtx) {
  if (filters.from && filters.to && filters.from >= filters.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from.' });
  }
}

/** `GET /api/messages/export` query: the filters alone. */
export const messageFiltersQuerySchema = z.object(filterFields).superRefine(checkRange);

/**
 * `GET /api/messages` query. Without parameters it is the Recent Messages list (10, newest first); `limit`
 * goes up to 100, and `cursor` continues after the page that gave it out.
 */
export function historyQuerySchema(defaultLimit: number) {
  const limitHelp = `must be a whole number from 1 to ${HISTORY_LIMIT_MAX}.`;
  return z
    .object({
      ...filterFields,
      limit: z
        .string()
        .optional()
        .transform((value, ctx) => {
          if (value === undefined || value === '') return defaultLimit;
          const limit = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
          if (!(limit >= 1 && limit <= HISTORY_LIMIT_MAX)) {
            ctx.addIssue({ code: 'custom', message: limitHelp });
            return z.NEVER;
          }
          return limit;
        }),
      cursor: z
        .string()
        .optional()
        .transform((value, ctx) => {
          if (value === undefined || value === '') return undefined;
          const position = decodeCursor(value);
          if (!position) {
            ctx.addIssue({ code: 'custom', message: `is not one this list gave out: ${CURSOR_HELP}` });
            return z.NEVER;
          }
          return position;
        }),
    })
    .superRefine((query, ctx) => {
      checkRange(query, ctx);
      const at = query.cursor?.created_at;
      if (at && ((query.from && at < query.from) || (query.to && at >= query.to))) {
        ctx.addIssue({
          code: 'custom',
          path: ['cursor'],
          message: `belongs to another date range: ${CURSOR_HELP}`,
        });
      }
    });
}
