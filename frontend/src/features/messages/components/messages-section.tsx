import { Download, Inbox, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import type { LiveState } from '../api/live-messages';
import { downloadHistoryCsv, hasFilters } from '../api/messages';
import type { LiveMessages } from '../hooks/use-live-messages';
import type { MessageHistory } from '../hooks/use-message-history';
import { HistoryFilters } from './history-filters';
import { MessageList, MessageListPlaceholder } from './message-list';

/** The section's id: the dashboard's "Skip to messages" link lands here. */
export const MESSAGES_SECTION_ID = 'messages';
export const RECENT_MESSAGES_TITLE = 'Recent Messages';

const LIVE_LABEL: Record<LiveState | 'off', string> = {
  live: 'Live',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
  off: 'Live updates off',
};

/**
 * The dashboard's one list of messages (issue 26): SPEC's Recent Messages list with its count, the 10 newest,
 * and the History under it, the same rows: "Load more" adds 25 at a time, filtered by sender, status, kind,
 * delivery, urgency and dates, downloadable as CSV. Unfiltered it is live (new messages slide in at the top,
 * the oldest leaving a list of 10; issue 34); filtered, new ones are counted above the list with "Show it" /
 * "Show them". While the first page loads the rows' shapes stand in for them, and the count waits for them.
 */
export function MessagesSection({
  history,
  live,
}: {
  /** The list's data (hooks/use-message-history.ts), kept by the dashboard, which tells the checklist of it. */
  readonly history: MessageHistory;
  readonly live: LiveMessages['live'];
}) {
  const { page } = history;
  const filtered = hasFilters(history.filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const [download, setDownload] = useState<{ busy: boolean; note: string | null; failed: boolean }>({
    busy: false,
    note: null,
    failed: false,
  });

  const downloadCsv = async () => {
    setDownload({ busy: true, note: null, failed: false });
    try {
      const { truncated } = await downloadHistoryCsv(history.filters);
      setDownload({
        busy: false,
        failed: false,
        note: truncated
          ? 'The file holds the newest messages only (it reached its size limit): narrow the dates for the rest.'
          : null,
      });
    } catch (error) {
      setDownload({
        busy: false,
        failed: true,
        note: errorMessage(error, { fallback: 'The CSV could not be downloaded. Try again.' }),
      });
    }
  };

  return (
    <section
      id={MESSAGES_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="messages-title"
      className="min-w-0 scroll-mt-4 space-y-3 rounded-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="messages-title" className="flex items-center gap-2 text-xl font-bold text-ink">
            {RECENT_MESSAGES_TITLE}
            {page && <span className="font-semibold text-muted tabular-nums">({page.messages.length})</span>}
          </h2>
          <span role="status" className="inline-flex items-center gap-2 text-sm text-muted">
            <span
              aria-hidden="true"
              className={`size-2.5 rounded-full ${live === 'live' ? 'bg-success' : 'bg-line-strong'}`}
            />
            {LIVE_LABEL[live]}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
            className="min-h-9 px-3 text-sm md:hidden"
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {filtered ? 'Filters (on)' : 'Filters'}
          </Button>
          <Button
            variant="secondary"
            onClick={downloadCsv}
            disabled={download.busy}
            className="min-h-9 px-3 text-sm"
          >
            <Download aria-hidden="true" className="size-4" />
            {download.busy ? 'Preparing CSV...' : 'Download CSV'}
            {/* The sign-ups panel has a "Download CSV" too: a screen reader's list of buttons tells them apart. */}
            <span className="sr-only"> of the messages</span>
          </Button>
        </div>
      </div>
      {download.note && (
        <p
          role={download.failed ? 'alert' : 'status'}
          className={`text-sm ${download.failed ? 'font-medium text-danger' : 'text-muted'}`}
        >
          {download.note}
        </p>
      )}
      {/* On a phone the filters fold away behind their button; from 768 px they are always there. */}
      <HistoryFilters
        id={filtersId}
        applied={history.filters}
        onApply={history.setFilters}
        className={filtersOpen ? 'grid' : 'hidden md:grid'}
      />
      {history.error && (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 break-words text-danger">
          {history.error}
        </p>
      )}
      <p role="status" className="text-sm text-muted">
        {history.loading
          ? 'Loading messages...'
          : page
            ? showingText(page.messages.length, page.next_cursor !== null, filtered)
            : ''}
      </p>
      {/* Always there, so a screen reader hears the count when it appears. */}
      <div aria-live="polite">
        {history.arrived > 0 && page && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-accent-soft px-3 py-2">
            <p className="text-sm text-ink">
              {history.arrived === 1 ? '1 new message' : `${history.arrived} new messages`} since this list
              was loaded.
            </p>
            <Button variant="secondary" onClick={history.showArrived} className="min-h-9 px-3 text-sm">
              {history.arrived === 1 ? 'Show it' : 'Show them'}
            </Button>
          </div>
        )}
      </div>
      {page === undefined && !history.error && <MessageListPlaceholder />}
      {page && page.messages.length > 0 && (
        <MessageList messages={page.messages} label={RECENT_MESSAGES_TITLE} />
      )}
      {page && page.messages.length === 0 && !filtered && page.next_cursor === null && (
        <div className="flex items-center gap-3 rounded-xl border border-dashed border-line-strong p-6 text-muted">
          <Inbox aria-hidden="true" className="size-6 shrink-0" />
          <p>Forward a voice message to the service number, or upload a test file: it shows here.</p>
        </div>
      )}
      {history.moreError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {history.moreError}
        </p>
      )}
      {page?.next_cursor && (
        <Button
          variant="secondary"
          onClick={() => void history.loadMore()}
          disabled={history.loadingMore}
          className="w-full"
        >
          {history.loadingMore ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </section>
  );
}

function showingText(count: number, more: boolean, filtered: boolean): string {
  if (count === 0 && more) return 'None found yet: load more to keep looking.';
  if (count === 0) return filtered ? 'No messages match these filters.' : 'No messages yet.';
  const noun = count === 1 ? 'message' : 'messages';
  return more ? `Showing the newest ${count} ${noun}.` : `Showing all ${count} ${noun}.`;
}
