/**
 * Every change to a message, as it happens: the live channel of the AppSync Events API (in AWS) or of the
 * local runtime's stand-in of its protocol, through Amplify's `events` client. The channel's name is asked of
 * `GET /api/live-channel`: it moves whenever an account leaves the team, and the old one then carries one
 * last event, `{type: "moved"}`, on which the list asks for the new name and subscribes there (a removed
 * administrator is refused both). The server lets only administrators subscribe. After a dropped connection
 * Amplify reconnects; `onReconnected` lets the list refetch what it may have missed. A subscription that is
 * refused (the channel moved while the connection was down, say) is tried again on the current channel.
 */
import {
  liveChannelMovedSchema,
  liveChannelSchema,
  liveMessageChangeSchema,
} from '@core/messages/live-updates';
import { CONNECTION_STATE_CHANGE, ConnectionState, events } from 'aws-amplify/data';
import { Hub } from 'aws-amplify/utils';
import { adminRequest } from '@/lib/admin-api';
import { configureAmplify } from '@/lib/amplify';
import type { MessageChange } from '../utils/message-list';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

export type LiveHandlers = {
  readonly onChange: (change: MessageChange) => void;
  readonly onState: (state: LiveState) => void;
  readonly onReconnected: () => void;
};

/** How long to wait before asking for the channel again after a refusal or a failure: doubling, capped. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** What one event on the channel means: a message change, the channel moving, or nothing we know (dropped). */
function eventIn(value: unknown): MessageChange | 'moved' | null {
  if (liveChannelMovedSchema.safeParse(value).success) return 'moved';
  const parsed = liveMessageChangeSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  // One malformed event must not take the list down with it.
  console.warn('Live updates: dropped an event that is not a message change.', parsed.error.issues);
  return null;
}

/** Subscribes; the returned function unsubscribes and closes the channel. */
export function subscribeToMessages(handlers: LiveHandlers): () => void {
  let closed = false;
  let wasDisrupted = false;
  // "Live" means changes arrive: the connection is up and the server accepted the subscription (a change
  // published between the two would be missed by a list that already says "Live").
  let subscribed = false;
  let close: (() => void) | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_FIRST_MS;
  handlers.onState('connecting');

  const stopHub = Hub.listen('api', ({ payload }) => {
    if (payload.event !== CONNECTION_STATE_CHANGE) return;
    const state = (payload.data as { connectionState?: ConnectionState }).connectionState;
    if (state === ConnectionState.Connected) {
      if (subscribed) handlers.onState('live');
      if (wasDisrupted) {
        wasDisrupted = false;
        handlers.onReconnected();
      }
    } else if (state === ConnectionState.ConnectionDisrupted || state === ConnectionState.Disconnected) {
      wasDisrupted = true;
      handlers.onState('reconnecting');
    }
  });

  /**
   * Leaves the channel it is on (if any), asks for the current one and subscribes there; settles once the
   * server has accepted (or refused) the subscription.
   */
  const subscribe = async (): Promise<void> => {
    close?.();
    close = undefined;
    subscribed = false;
    await configureAmplify();
    const { channel: name } = liveChannelSchema.parse(await adminRequest<unknown>('/live-channel'));
    if (closed) return;
    const channel = await events.connect(name, { authMode: 'userPool' });
    if (closed) {
      channel.close();
      return;
    }
    const subscription = channel.subscribe({
      next: (data: unknown) => {
        // The events API delivers each published event; ours is `{type, message}` or `{type: "moved"}`.
        const event = eventIn((data as { event?: unknown })?.event ?? data);
        if (event === 'moved') void move();
        else if (event) handlers.onChange(event);
      },
      error: (error: unknown) => {
        console.error('Live updates stopped:', error);
        handlers.onState('reconnecting');
        tryAgainLater();
      },
    });
    close = () => {
      subscription.unsubscribe();
      channel.close();
    };
    await subscription.ready;
    subscribed = true;
    // The connection itself is up (else Amplify's own state says so when it is back).
    if (!wasDisrupted && !closed) handlers.onState('live');
  };

  /** Subscribes to the current channel, then refetches the list (changes may have passed in between). */
  const move = async (): Promise<void> => {
    if (closed) return;
    try {
      await subscribe();
      retryMs = RETRY_FIRST_MS;
      handlers.onReconnected();
    } catch (error) {
      console.error('Live updates could not connect:', error);
      handlers.onState('reconnecting');
      tryAgainLater();
    }
  };

  const tryAgainLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void move();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  subscribe().catch((error: unknown) => {
    console.error('Live updates could not connect:', error);
    handlers.onState('reconnecting');
    tryAgainLater();
  });

  return () => {
    closed = true;
    clearTimeout(retry);
    stopHub();
    close?.();
  };
}
