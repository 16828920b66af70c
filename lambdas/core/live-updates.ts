/**
 * The dashboard's live list (SPEC section 4, "Live updates"): every message change is published as one event
 * on one channel of the AppSync Events API (locally, of the runtime's stand-in of its protocol). The API and
 * the browser both import these, so the channel and the event's shape are written once.
 */
import * as z from 'zod';
import { type Message, messageSchema } from './schemas';

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

/**
 * What the browser accepts from the channel (and drops anything else): a known type and a whole message (the list sorts and compares
 * its fields, so an event with a partial message would break the list rather than update it).
 */
export const liveMessageChangeSchema = z.object({
  type: z.enum(Object.values(LIVE_TYPE)),
  message: messageSchema,
}) satisfies z.ZodType<LiveMessageChange>;

/** The message as `GET /api/messages` shows it, to the event's shape. */
export function liveMessageChange(
  type: 'created' | 'updated' | 'deleted',
  message: Message,
): LiveMessageChange {
  return { type: LIVE_TYPE[type], message };
}
