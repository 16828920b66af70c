import type { Message } from '@core/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServerData } from '@/lib/use-server-data';
import { type LiveState, subscribeToMessages } from '../api/live-messages';
import { listRecentMessages } from '../api/messages';
import { applyChange, type MessageChange } from '../utils/message-list';

/** Hears each change from the live channel; returns the way to stop. */
export type LiveChanges = (listener: (change: MessageChange) => void) => () => void;

export type RecentMessages = {
  readonly messages: readonly Message[];
  readonly loaded: boolean;
  readonly live: LiveState | 'off';
  readonly refresh: () => void;
  /** The same live changes, for the History section's cards (one subscription for the dashboard). */
  readonly changes: LiveChanges;
};

/**
 * The Recent Messages list: loaded once, then kept current by the live channel (inserts on top, capped at
 * 10, updates replace by id). A load failure is only logged (SPEC section 8); Refresh loads again. Changes
 * that arrive while a load is under way are applied on top of its result, so none is lost.
 */
export function useRecentMessages({ live: liveEnabled }: { readonly live: boolean }): RecentMessages {
  const [live, setLive] = useState<LiveState | 'off'>(liveEnabled ? 'connecting' : 'off');
  // The changes seen by each load still under way.
  const underWay = useRef(new Set<MessageChange[]>());
  const listeners = useRef(new Set<(change: MessageChange) => void>());
  const changes = useCallback<LiveChanges>((listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);
  const list = useServerData<readonly Message[]>(
    async (signal) => {
      const seen: MessageChange[] = [];
      underWay.current.add(seen);
      try {
        const loaded = await listRecentMessages(signal);
        return seen.reduce<readonly Message[]>((current, change) => applyChange(current, change), loaded);
      } finally {
        underWay.current.delete(seen);
      }
    },
    { reloadKey: liveEnabled, onError: (error) => console.error('Messages could not be loaded:', error) },
  );
  const { reload, setData } = list;
  const refresh = useCallback(() => void reload(), [reload]);

  useEffect(() => {
    if (!liveEnabled) return;
    return subscribeToMessages({
      onChange: (change) => {
        for (const seen of underWay.current) seen.push(change);
        setData((current) => applyChange(current ?? [], change));
        for (const listener of listeners.current) listener(change);
      },
      onState: setLive,
      onReconnected: refresh,
    });
  }, [refresh, liveEnabled, setData]);

  return { messages: list.data ?? [], loaded: list.settled, live, refresh, changes };
}
