import type { Message } from '@core/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type LiveState, subscribeToMessages } from '../api/live-messages';
import { listRecentMessages } from '../api/messages';
import { applyChange, type MessageChange } from '../utils/message-list';

export type RecentMessages = {
  readonly messages: readonly Message[];
  readonly loaded: boolean;
  readonly live: LiveState | 'off';
  readonly refresh: () => void;
};

/**
 * The Recent Messages list: loaded once, then kept current by the live channel (inserts on top, capped at
 * 10, updates replace by id). A load failure is only logged (SPEC section 8); Refresh loads again. Changes
 * that arrive while a load is under way are applied on top of its result, so none is lost.
 */
export function useRecentMessages({ live: liveEnabled }: { readonly live: boolean }): RecentMessages {
  const [messages, setMessages] = useState<readonly Message[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [live, setLive] = useState<LiveState | 'off'>(liveEnabled ? 'connecting' : 'off');
  const loading = useRef(0);
  const duringLoad = useRef<MessageChange[]>([]);

  const refresh = useCallback(() => {
    const ticket = ++loading.current;
    duringLoad.current = [];
    listRecentMessages().then(
      (list) => {
        if (ticket !== loading.current) return;
        const changes = duringLoad.current;
        duringLoad.current = [];
        loading.current = 0;
        setMessages(changes.reduce<Message[]>((current, change) => applyChange(current, change), list));
        setLoaded(true);
      },
      (error: unknown) => {
        if (ticket === loading.current) loading.current = 0;
        console.error('Messages could not be loaded:', error);
        setLoaded(true);
      },
    );
  }, []);

  useEffect(() => {
    refresh();
    if (!liveEnabled) return;
    return subscribeToMessages({
      onChange: (change) => {
        if (loading.current) duringLoad.current.push(change);
        setMessages((current) => applyChange(current, change));
      },
      onState: setLive,
      onReconnected: refresh,
    });
  }, [refresh, liveEnabled]);

  return { messages, loaded, live, refresh };
}
