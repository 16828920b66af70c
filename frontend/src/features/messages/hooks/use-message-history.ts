import { messageKind } from '@core/messages/refused-inbound';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useServerData } from '@/lib/use-server-data';
import {
  type HistoryFilters,
  type HistoryPage,
  hasFilters,
  listHistoryPage,
  NO_FILTERS,
} from '../api/messages';
import { applyChange, capNewest, changeShown, type MessageChange } from '../utils/message-list';
import type { LiveChanges } from './use-live-messages';

export type MessageHistory = {
  readonly filters: HistoryFilters;
  readonly setFilters: (filters: HistoryFilters) => void;
  readonly page: HistoryPage | undefined;
  /** A first page is on its way (the first, or again: Refresh, new filters). */
  readonly loading: boolean;
  /** Why the first page could not be loaded (the server's words, e.g. a sender that is not a number). */
  readonly error: string | null;
  readonly loadMore: () => Promise<void>;
  readonly loadingMore: boolean;
  readonly moreError: string | null;
  /** Messages that arrived on the live channel since a filtered list was loaded (not shown until asked). */
  readonly arrived: number;
  /** Loads the first page again, with the messages that arrived. */
  readonly showArrived: () => void;
  /**
   * Whether a voice message arrived (the first-run checklist's test step; the record of a picture or a text we
   * refused does not count); null until the list tells.
   */
  readonly hasVoiceMessage: boolean | null;
};

const LOAD_FAILED = { fallback: 'The messages could not be loaded. Try again.' };

/**
 * The page as a live change leaves it: an unfiltered list takes new messages in (capped: SPEC's 10, or what
 * "Load more" brought), a filtered one only updates.
 */
function changed(page: HistoryPage, change: MessageChange, filtered: boolean): HistoryPage {
  if (filtered) {
    const messages = changeShown(page.messages, change);
    return messages ? { ...page, messages } : page;
  }
  return capNewest(page, applyChange(page.messages, change, { complete: page.next_cursor === null }));
}

/**
 * The message list's data (issue 26: the live list and the History are one list): the first page for the
 * filters (loaded again when they change, on the dashboard's Refresh and after the live connection came back),
 * then "Load more" appends the next page from the cursor; a page that arrives after the filters changed is
 * dropped, so no list mixes two filters. Without filters the list is live: new messages slide in at the top,
 * changes arriving while a page loads are applied to it. With filters a new message may not match them, so it
 * is counted, not shown, until "Show it" / "Show them"; changes to the messages shown apply either way.
 */
export function useMessageHistory(
  reloadKey: unknown,
  changes?: LiveChanges,
  reconnections = 0,
): MessageHistory {
  const [filters, setFiltersState] = useState<HistoryFilters>(NO_FILTERS);
  const filterKey = JSON.stringify(filters);
  const filtered = hasFilters(filters);
  const current = useRef(filterKey);
  current.current = filterKey;
  // The changes seen by each load still under way.
  const underWay = useRef(new Set<MessageChange[]>());
  const list = useServerData(
    async (signal) => {
      const seen: MessageChange[] = [];
      underWay.current.add(seen);
      try {
        const page = await listHistoryPage(filters, null, signal);
        return seen.reduce((shown, change) => changed(shown, change, filtered), page);
      } finally {
        underWay.current.delete(seen);
      }
    },
    { reloadKey: `${String(reloadKey)}|${reconnections}|${filterKey}` },
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [arrived, setArrived] = useState(0);
  const { data, setData, reload } = list;

  // A page loaded afresh (Refresh, new filters, "Show it") holds what had arrived until then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are the trigger
  useEffect(() => setArrived(0), [reloadKey, reconnections, filterKey]);

  useEffect(
    () =>
      changes?.((change) => {
        for (const seen of underWay.current) seen.push(change);
        if (filtered && change.type === 'insert') setArrived((n) => n + 1);
        setData((shown) => shown && changed(shown, change, filtered));
      }),
    [changes, setData, filtered],
  );

  // Rows holding a voice message say there is one; only the unfiltered newest without one say there is none.
  const [hasVoiceMessage, setHasVoiceMessage] = useState<boolean | null>(null);
  useEffect(() => {
    if (!data) return;
    if (data.messages.some((m) => messageKind(m) === 'voice')) setHasVoiceMessage(true);
    else if (!filtered) setHasVoiceMessage(false);
  }, [data, filtered]);

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
      setData((shown) => {
        // A message that slid in at the top meanwhile pushed the page down: leave out what is already shown.
        const ids = new Set(shown?.messages.map((m) => m.id));
        return {
          messages: [...(shown?.messages ?? []), ...next.messages.filter((m) => !ids.has(m.id))],
          next_cursor: next.next_cursor,
        };
      });
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
    hasVoiceMessage,
  };
}
