import type { ListedMessage } from '#core/messages/message';

/**
 * A change to a message, as the admin dashboard's live list needs it (SPEC section 4, live updates): `deleted`
 * when the message is erased (its sender texted DELETE), so the card leaves the list.
 */
export type MessageChange = {
  readonly type: 'created' | 'updated' | 'deleted';
  /** As lists show it: without its words. */
  readonly message: ListedMessage;
};

/** Publishes message changes to whoever watches them live (AppSync Events in AWS), on the current channel. */
export interface MessageEvents {
  publish(change: MessageChange): Promise<void>;
}

/** Publishes a notice about the live channel itself (that it moved) on a channel named by the caller. */
export interface LiveNotices {
  announce(channel: string, notice: { readonly type: string }): Promise<void>;
}
