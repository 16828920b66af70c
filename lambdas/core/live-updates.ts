/**
 * The dashboard's live list (SPEC section 4, "Live updates"): every message change is published as one event
 * on one channel of the AppSync Events API (locally, of the runtime's stand-in of its protocol). The API and
 * the browser both import these, so the channel and the event's shape are written once.
 */
import type { Message } from './schemas';

/** The channel namespace of message changes; only members of the admins group may subscribe to it. */
export const MESSAGES_NAMESPACE = 'messages';

/** The one channel every message change goes to (SPEC: "Realtime subscription to all changes on messages"). */
export const MESSAGES_CHANNEL = `/${MESSAGES_NAMESPACE}/all`;

/**
 * One published event: `insert` for a new message, `update` for a change, `delete` for a message erased (the
 * list drops it); the message as the list shows it.
 */
export type LiveMessageChange = { readonly type: 'insert' | 'update' | 'delete'; readonly message: Message };

const LIVE_TYPE = { created: 'insert', updated: 'update', deleted: 'delete' } as const;

/** Every event type the channel carries (the browser drops anything else). */
export const LIVE_CHANGE_TYPES: readonly string[] = Object.values(LIVE_TYPE);

/** The message as `GET /api/messages` shows it, to the event's shape. */
export function liveMessageChange(
  type: 'created' | 'updated' | 'deleted',
  message: Message,
): LiveMessageChange {
  return { type: LIVE_TYPE[type], message };
}
