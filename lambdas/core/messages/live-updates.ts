/**
 * The dashboard's live list (SPEC section 4, "Live updates"): every message change is published as one event
 * on the current channel of the AppSync Events API (locally, of the runtime's stand-in of its protocol). The API and
 * the browser both import these, so the channel and the event's shape are written once.
 */
import * as z from 'zod';
import { type ListedMessage, messageSchema } from './message';

/** The channel namespace of message changes; only members of the admins group may subscribe to it. */
export const MESSAGES_NAMESPACE = 'messages';

/**
 * Every message change goes to one channel (SPEC: "Realtime subscription to all changes on messages"), named
 * by a random key that changes whenever an account is removed from the team: AppSync never checks an open
 * subscription again and cannot close another client's, so a removed administrator's page is left on a
 * channel nothing is published to any more. Administrators learn the current name from `GET /api/live-channel`.
 */
export const liveChannelPath = (key: string) => `/${MESSAGES_NAMESPACE}/${key}`;

/** A channel key: 32 lowercase hex digits (128 random bits; AppSync allows up to 50 letters, digits or dashes). */
export const LIVE_CHANNEL_KEY = /^[0-9a-f]{32}$/;

/** What `GET /api/live-channel` answers. */
export const liveChannelSchema = z.object({
  channel: z.string().regex(new RegExp(`^/${MESSAGES_NAMESPACE}/[0-9a-f]{32}$`)),
});
export type LiveChannel = z.infer<typeof liveChannelSchema>;

/**
 * Published on the channel being left when it changes: the pages watching it ask for the new one (an
 * administrator's page gets it and subscribes there; a removed administrator's page is refused).
 */
export const LIVE_CHANNEL_MOVED = { type: 'moved' } as const;
export const liveChannelMovedSchema = z.object({ type: z.literal('moved') });

/**
 * One published event: `insert` for a new message, `update` for a change, `delete` for a message erased (the
 * list drops it); the message as the list shows it.
 */
export type LiveMessageChange = {
  readonly type: 'insert' | 'update' | 'delete';
  readonly message: ListedMessage;
};

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
  message: ListedMessage,
): LiveMessageChange {
  return { type: LIVE_TYPE[type], message };
}
