import type { Message } from '../core/schemas';

/**
 * A change to a message, as the admin dashboard's live list needs it (SPEC section 4, live updates): `deleted`
 * when the message is erased (its sender texted DELETE), so the card leaves the list.
 */
export type MessageChange = { readonly type: 'created' | 'updated' | 'deleted'; readonly message: Message };

/** Publishes message changes to whoever watches them live (AppSync Events in AWS). */
export interface MessageEvents {
  publish(change: MessageChange): Promise<void>;
}
