/**
 * Where the live list's current channel key is kept (one item; see core/messages/live-updates.ts for why it changes).
 */
export interface LiveChannelStore {
  /** The current key; the first call of a deployment makes one. */
  current(): Promise<string>;
  /** Replaces the key with a new random one; answers the key it replaced (null when there was none). */
  replace(): Promise<{ readonly previous: string | null; readonly current: string }>;
}
