import type { Message } from '@core/messages/message';
import { HISTORY_PAGE_SIZE, RECENT_MESSAGES } from '@core/messages/message-history';
import { type HeardWord, heardWordsSchema } from '@core/transcripts/heard-words';
import * as z from 'zod';
import { adminDownload, adminRequest } from '@/lib/admin-api';
import { saveBlob } from '@/lib/save-blob';

/** SPEC: POST process-audio {messageId, audioUrl, sender}; on failure the body's `error` is read. */
export function processAudio(message: Message): Promise<unknown> {
  return adminRequest('/process-audio', {
    method: 'POST',
    body: { messageId: message.id, audioUrl: message.audio_url, sender: message.sender },
  });
}

/** A short-lived link to the message's audio, asked for when the player is opened. */
export async function audioUrl(messageId: string): Promise<string> {
  const body = await adminRequest<{ url: string }>(`/messages/${encodeURIComponent(messageId)}/audio`);
  return body.url;
}

const wordsAnswer = z.object({ words: heardWordsSchema.nullable() });

/**
 * The transcript's words with how sure the engine was of each (issue 24), for shading the doubtful ones; null
 * when the engine gave none (older messages, whisper-1). Never in the list: a long transcript's words are large.
 */
export async function loadMessageWords(messageId: string, signal?: AbortSignal): Promise<HeardWord[] | null> {
  const body = await adminRequest(`/messages/${encodeURIComponent(messageId)}/words`, { signal });
  return wordsAnswer.parse(body).words;
}

/** The message list's filters as the form holds them: all text, blank meaning "any". */
export type HistoryFilters = {
  readonly sender: string;
  readonly status: string;
  /** `voice`, `attachment` or `text` (core/messages/refused-inbound.ts MESSAGE_KINDS). */
  readonly kind: string;
  /** How the texts fared: one of core/messages/message-outcome's DELIVERY_STATES. */
  readonly delivery: string;
  /** How pressing: one of core/urgency/urgency-schema's URGENCY_LEVELS (the operator's correction first). */
  readonly urgency: string;
  /** Dates as the date inputs give them (YYYY-MM-DD), read in the browser's time zone. */
  readonly from: string;
  readonly to: string;
};

export const NO_FILTERS: HistoryFilters = {
  sender: '',
  status: '',
  kind: '',
  delivery: '',
  urgency: '',
  from: '',
  to: '',
};

/** Whether any filter is set (the list then says "No messages match these filters", and Clear shows). */
export function hasFilters(filters: HistoryFilters): boolean {
  return Object.values(filters).some(Boolean);
}

/** A day picked in the browser as the instant it starts there; `to` days are included whole. */
function localDayStart(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

function filterQuery(filters: HistoryFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.sender.trim()) query.set('sender', filters.sender.trim());
  if (filters.status) query.set('status', filters.status);
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.delivery) query.set('delivery', filters.delivery);
  if (filters.urgency) query.set('urgency', filters.urgency);
  if (filters.from) query.set('from', localDayStart(filters.from));
  if (filters.to) query.set('to', localDayStart(filters.to, 1));
  return query;
}

export type HistoryPage = {
  readonly messages: readonly Message[];
  readonly next_cursor: string | null;
};

/**
 * One page of the history, newest first (GET /api/messages with a limit, the filters and a cursor): the first
 * is the Recent Messages (SPEC: limit 10), each "Load more" 25 after it.
 */
export function listHistoryPage(
  filters: HistoryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const query = filterQuery(filters);
  query.set('limit', String(cursor ? HISTORY_PAGE_SIZE : RECENT_MESSAGES));
  if (cursor) query.set('cursor', cursor);
  return adminRequest<HistoryPage>(`/messages?${query}`, { signal });
}

/** The filtered history as a CSV file, downloaded by the browser; says whether it stopped at the size limit. */
export async function downloadHistoryCsv(filters: HistoryFilters): Promise<{ truncated: boolean }> {
  const response = await adminDownload(`/messages/export?${filterQuery(filters)}`, 'text/csv');
  saveBlob(await response.blob(), `messages-${new Date().toISOString().slice(0, 10)}.csv`);
  return { truncated: response.headers.get('x-export-truncated') === 'true' };
}

/**
 * Sends an operator's correction of a field of the message: PUT /messages/{id}/<path> with `correction` as
 * the body (components/message-correction.tsx names each field's path and body); answers the message.
 */
export async function correctMessage<Input>(
  messageId: string,
  path: string,
  correction: Input,
): Promise<Message> {
  const body = await adminRequest<{ message: Message }>(
    `/messages/${encodeURIComponent(messageId)}/${path}`,
    {
      method: 'PUT',
      body: correction,
    },
  );
  return body.message;
}
