import { Download, History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { downloadHistoryCsv, hasFilters } from '../api/messages';
import { useMessageHistory } from '../hooks/use-message-history';
import type { LiveChanges } from '../hooks/use-recent-messages';
import { HistoryFilters } from './history-filters';
import { MessageCard } from './message-card';

/**
 * Every message, newest first, 25 at a time with "Load more" (issue 19): beside the live ten, for "what
 * happened to the message I sent last Tuesday?". Filters by sender, status and dates; the filtered list
 * downloads as CSV. Its cards follow the live channel; new messages are counted above the list and come
 * with "Show it" / "Show them" (or Refresh, or new filters).
 */
export function MessageHistory({
  reloadKey,
  changes,
}: {
  readonly reloadKey: number;
  readonly changes?: LiveChanges;
}) {
  const history = useMessageHistory(reloadKey, changes);
  const { page } = history;
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
    <section aria-labelledby="history-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-title" className="flex items-center gap-2 text-xl font-bold text-ink">
          <History aria-hidden="true" className="size-5 text-accent" />
          History
        </h2>
        <Button
          variant="secondary"
          onClick={downloadCsv}
          disabled={download.busy}
          className="min-h-9 px-3 text-sm"
        >
          <Download aria-hidden="true" className="size-4" />
          {download.busy ? 'Preparing CSV...' : 'Download CSV'}
          {/* The sign-ups panel has a "Download CSV" too: a screen reader's list of buttons tells them apart. */}
          <span className="sr-only"> of the history</span>
        </Button>
      </div>
      {download.note && (
        <p
          role={download.failed ? 'alert' : 'status'}
          className={`text-sm ${download.failed ? 'font-medium text-danger' : 'text-muted'}`}
        >
          {download.note}
        </p>
      )}
      <HistoryFilters applied={history.filters} onApply={history.setFilters} />
      {history.error && (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-danger">
          {history.error}
        </p>
      )}
      <p role="status" className="text-sm text-muted">
        {history.loading && !page
          ? 'Loading the history...'
          : page
            ? showingText(page.messages.length, page.next_cursor !== null, hasFilters(history.filters))
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
      {page && page.messages.length > 0 && (
        <ol className="space-y-4" aria-label="History">
          {page.messages.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ol>
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
