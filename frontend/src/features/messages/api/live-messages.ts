/**
 * Every change to a message, as it happens: the channel `/messages/all` of the AppSync Events API (in AWS)
 * or of the local runtime's stand-in of its protocol, through Amplify's `events` client. The server lets only
 * administrators subscribe. After a dropped connection Amplify reconnects; `onReconnected` lets the list
 * refetch what it may have missed.
 */
import { liveMessageChangeSchema, MESSAGES_CHANNEL } from '@core/live-updates';
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

/**
 * The change an event carries, checked with the API's own schema; null for anything else, which is dropped
 * (and logged): one malformed event must not take the list down with it.
 */
function changeIn(value: unknown): MessageChange | null {
  const parsed = liveMessageChangeSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn('Live updates: dropped an event that is not a message change.', parsed.error.issues);
  return null;
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
          const change = changeIn((data as { event?: unknown })?.event ?? data);
          if (change) handlers.onChange(change);
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
