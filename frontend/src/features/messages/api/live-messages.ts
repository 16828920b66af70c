/**
 * Every change to a message, as it happens: the channel `/messages/all` of the AppSync Events API (in AWS)
 * or of the local runtime's stand-in of its protocol, through Amplify's `events` client. The server lets only
 * administrators subscribe. After a dropped connection Amplify reconnects; `onReconnected` lets the list
 * refetch what it may have missed.
 */
import { LIVE_CHANGE_TYPES, MESSAGES_CHANNEL } from '@core/live-updates';
import { CONNECTION_STATE_CHANGE, ConnectionState, events } from 'aws-amplify/data';
import { Hub } from 'aws-amplify/utils';
import { configureAmplify } from '@/lib/amplify';
import type { MessageChange } from '../utils/message-list';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

export type LiveHandlers = {
  readonly onChange: (change: MessageChange) => void;
  readonly onState: (state: LiveState) => void;
  readonly onReconnected: () => void;
};

function isChange(value: unknown): value is MessageChange {
  if (typeof value !== 'object' || value === null) return false;
  const { type, message } = value as Partial<MessageChange>;
  return typeof type === 'string' && LIVE_CHANGE_TYPES.includes(type) && typeof message?.id === 'string';
}

/** Subscribes; the returned function unsubscribes and closes the channel. */
export function subscribeToMessages(handlers: LiveHandlers): () => void {
  let closed = false;
  let wasDisrupted = false;
  let close: (() => void) | undefined;
  handlers.onState('connecting');

  const stopHub = Hub.listen('api', ({ payload }) => {
    if (payload.event !== CONNECTION_STATE_CHANGE) return;
    const state = (payload.data as { connectionState?: ConnectionState }).connectionState;
    if (state === ConnectionState.Connected) {
      handlers.onState('live');
      if (wasDisrupted) {
        wasDisrupted = false;
        handlers.onReconnected();
      }
    } else if (state === ConnectionState.ConnectionDisrupted || state === ConnectionState.Disconnected) {
      wasDisrupted = true;
      handlers.onState('reconnecting');
    }
  });

  configureAmplify()
    .then(() => events.connect(MESSAGES_CHANNEL, { authMode: 'userPool' }))
    .then((channel) => {
      if (closed) {
        channel.close();
        return;
      }
      const subscription = channel.subscribe({
        next: (data: unknown) => {
          // The events API delivers each published event; ours is `{type, message}`.
          const event = (data as { event?: unknown })?.event ?? data;
          if (isChange(event)) handlers.onChange(event);
        },
        error: (error: unknown) => {
          console.error('Live updates stopped:', error);
          handlers.onState('reconnecting');
        },
      });
      close = () => {
        subscription.unsubscribe();
        channel.close();
      };
    })
    .catch((error: unknown) => {
      console.error('Live updates could not connect:', error);
      handlers.onState('reconnecting');
    });

  return () => {
    closed = true;
    stopHub();
    close?.();
  };
}
