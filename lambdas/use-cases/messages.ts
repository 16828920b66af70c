import { NotFoundError } from '#core/errors';
import { type ListedMessage, listedMessage, type Message } from '#core/messages/message';
import {
  encodeCursor,
  HISTORY_LIMIT_MAX,
  type MessageFilters,
  type PagePosition,
} from '#core/messages/message-history';
import { deliveryState } from '#core/messages/message-outcome';
import { messageSource } from '#core/messages/message-source';
import { messageKind, receivedWords } from '#core/messages/refused-inbound';
import { CSV_START, csvLine } from '#core/operator/csv';
import type { HeardWord } from '#core/transcripts/heard-words';
import { shownUrgency } from '#core/urgency/urgency-words';
import type { MessageRepository } from '../ports/message-repository';

/** A page of the history as the API answers it: `next_cursor` is null on the last page. */
export type HistoryPage = {
  readonly messages: ListedMessage[];
  readonly count: number;
  readonly next_cursor: string | null;
};

/**
 * GET /api/messages: the history newest first, narrowed by the filters, `limit` at a time; with no
 * parameters, the dashboard's Recent Messages (the ten newest).
 */
export async function listMessageHistory(
  deps: { messages: Pick<MessageRepository, 'listPage'> },
  request: MessageFilters & { readonly limit: number; readonly cursor?: PagePosition },
): Promise<HistoryPage> {
  const { limit, cursor, ...filters } = request;
  const page = await deps.messages.listPage(filters, limit, cursor);
  return {
    messages: page.messages.map(listedMessage),
    count: page.messages.length,
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
}

/**
 * GET /api/messages/{id}/words: the message's words with the engine's confidence, which the list leaves out
 * (the dashboard asks for them when it shows one message); null when it has none.
 */
export async function messageWords(
  deps: { messages: Pick<MessageRepository, 'get'> },
  id: string,
): Promise<{ words: HeardWord[] | null }> {
  const message = await deps.messages.get(id);
  if (!message) throw new NotFoundError(`There is no message ${id}.`);
  return { words: message.transcript_words ?? null };
}

/**
 * The largest export, in bytes of CSV: a Lambda function answers at most 6 MB, and long transcripts make
 * rows of kilobytes. Past it the export stops at a whole row and says so (`truncated`).
 */
const EXPORT_MAX_BYTES = 5_000_000;

const EXPORT_HEADER = [
  'id',
  'created_at',
  'sender',
  'phone_number',
  'source',
  'caller_number',
  'status',
  'reply_sent',
  'delivery',
  'audio_duration_seconds',
  'summary',
  'transcript',
  'error_message',
  'transcript_marked_wrong',
  'transcript_reviewed_by',
  'transcript_reviewed_at',
  'corrected_transcript',
  'kind',
  'received',
  'answered_text',
  'urgency',
  'urgency_reason',
  'urgency_corrected',
] as const;

function exportRow(m: Message) {
  const review = m.transcript_review ?? null;
  const urgency = shownUrgency(m);
  return [
    m.id,
    m.created_at,
    m.sender,
    m.phone_number,
    messageSource(m),
    m.caller_number ?? null,
    m.status,
    m.reply_sent,
    deliveryState(m.sms_parts),
    m.audio_duration_seconds ?? null,
    m.summary,
    m.transcript,
    m.error_message,
    review !== null,
    review?.reviewed_by ?? null,
    review?.reviewed_at ?? null,
    review?.corrected_text ?? null,
    messageKind(m),
    m.refusal ? receivedWords(m.refusal) : null,
    m.refusal?.answered ?? null,
    // The level shown (the operator's correction first) and the pipeline's reason, which goes with its level.
    urgency?.level ?? null,
    urgency?.reason ?? null,
    Boolean(m.urgency_review),
  ];
}

/**
 * The filtered history as CSV, newest first, formula-safe like the sign-ups export (core/operator/csv.ts), read page
 * by page from the same index as the list. Stops at `maxBytes` on a whole row.
 */
export async function messagesCsv(
  deps: { messages: Pick<MessageRepository, 'listPage'> },
  filters: MessageFilters,
  maxBytes = EXPORT_MAX_BYTES,
): Promise<{ readonly csv: string; readonly rows: number; readonly truncated: boolean }> {
  const parts = [CSV_START + csvLine(EXPORT_HEADER)];
  const encoder = new TextEncoder();
  let bytes = encoder.encode(parts[0]).byteLength;
  let rows = 0;
  let after: PagePosition | undefined;
  do {
    const page = await deps.messages.listPage(filters, HISTORY_LIMIT_MAX, after);
    for (const message of page.messages) {
      const row = csvLine(exportRow(message));
      bytes += encoder.encode(row).byteLength;
      if (bytes > maxBytes) return { csv: parts.join(''), rows, truncated: true };
      parts.push(row);
      rows++;
    }
    after = page.next ?? undefined;
  } while (after);
  return { csv: parts.join(''), rows, truncated: false };
}
