import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useServerData } from '@/lib/use-server-data';
import { type HistoryFilters, type HistoryPage, listHistoryPage, NO_FILTERS } from '../api/messages';
import { changeShown } from '../utils/message-list';
import type { LiveChanges } from './use-recent-messages';

export type MessageHistory = {
  readonly filters: HistoryFilters;
  readonly setFilters: (filters: HistoryFilters) => void;
  readonly page: HistoryPage | undefined;
  readonly loading: boolean;
  /** Why the first page could not be loaded (the server's words, e.g. a sender that is not a number). */
  readonly error: string | null;
  readonly loadMore: () => Promise<void>;
  readonly loadingMore: boolean;
  readonly moreError: string | null;
  /** Messages that arrived on the live channel since the first page was loaded (not shown until asked). */
  readonly arrived: number;
  /** Loads the first page again, with the messages that arrived. */
  readonly showArrived: () => void;
};

const LOAD_FAILED = { fallback: 'The history could not be loaded. Try again.' };

/**
 * The History section's data: the first page for the filters (loaded again when they change or the
 * dashboard refreshes), then "Load more" appends the next page from the cursor. A page that arrives after
 * the filters changed is dropped, so no list mixes two filters. The cards it shows follow the live channel
 * (a status change, an erasure), so a card here never contradicts the same message in the live list; new
 * messages are counted, not inserted (a page's place in the list would shift under the reader), and come
 * with "Show it" / "Show them", Refresh or new filters.
 */
export function useMessageHistory(reloadKey: number, changes?: LiveChanges): MessageHistory {
  const [filters, setFiltersState] = useState<HistoryFilters>(NO_FILTERS);
  const filterKey = JSON.stringify(filters);
  const current = useRef(filterKey);
  current.current = filterKey;
  const list = useServerData((signal) => listHistoryPage(filters, null, signal), {
    reloadKey: `${reloadKey}|${filterKey}`,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [arrived, setArrived] = useState(0);
  const { data, setData, reload } = list;

  // A page loaded afresh (Refresh, new filters, "Show it") holds what had arrived until then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are the trigger
  useEffect(() => setArrived(0), [reloadKey, filterKey]);

  useEffect(
    () =>
      changes?.((change) => {
        if (change.type === 'insert') setArrived((n) => n + 1);
        setData((shown) => {
          const messages = shown && changeShown(shown.messages, change);
          return messages ? { ...shown, messages } : shown;
        });
      }),
    [changes, setData],
  );

  const showArrived = useCallback(() => {
    setArrived(0);
    void reload();
  }, [reload]);

  const setFilters = useCallback((next: HistoryFilters) => {
    setMoreError(null);
    setFiltersState(next);
  }, []);

  const loadMore = useCallback(async () => {
    const cursor = data?.next_cursor;
    if (!cursor || loadingMore) return;
    const asked = current.current;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const next = await listHistoryPage(filters, cursor);
      if (current.current !== asked) return;
      setData((shown) => ({
        messages: [...(shown?.messages ?? []), ...next.messages],
        next_cursor: next.next_cursor,
      }));
    } catch (error) {
      if (current.current === asked) setMoreError(errorMessage(error, LOAD_FAILED));
    } finally {
      setLoadingMore(false);
    }
  }, [data, filters, loadingMore, setData]);

  return {
    filters,
    setFilters,
    page: list.error === undefined ? data : undefined,
    loading: list.loading,
    error: list.error === undefined ? null : errorMessage(list.error, LOAD_FAILED),
    loadMore,
    loadingMore,
    moreError,
    arrived,
    showArrived,
  };
}
