import { useCallback, useEffect, useRef, useState } from 'react';
import { type LiveState, subscribeToMessages } from '../api/live-messages';
import type { MessageChange } from '../utils/message-list';

/** Hears each change from the live channel; returns the way to stop. */
export type LiveChanges = (listener: (change: MessageChange) => void) => () => void;

export type LiveMessages = {
  readonly live: LiveState | 'off';
  /** The channel's changes, for the message list (one subscription for the dashboard). */
  readonly changes: LiveChanges;
  /** Counts the reconnections after a dropped connection: the list loads again on each, for what it missed. */
  readonly reconnections: number;
};

/**
 * The dashboard's live channel: subscribed once (when the configuration says it exists), its changes handed
 * to whoever listens, its state for the list's indicator ("Live", "Reconnecting...").
 */
export function useLiveMessages({ live: liveEnabled }: { readonly live: boolean }): LiveMessages {
  const [live, setLive] = useState<LiveState | 'off'>(liveEnabled ? 'connecting' : 'off');
  const [reconnections, setReconnections] = useState(0);
  const listeners = useRef(new Set<(change: MessageChange) => void>());
  const changes = useCallback<LiveChanges>((listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);

  useEffect(() => {
    if (!liveEnabled) return;
    return subscribeToMessages({
      onChange: (change) => {
        for (const listener of listeners.current) listener(change);
      },
      onState: setLive,
      onReconnected: () => setReconnections((n) => n + 1),
    });
  }, [liveEnabled]);

  return { live, changes, reconnections };
}
