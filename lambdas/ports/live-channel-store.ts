/**
 * Where the live list's current channel key is kept (one item; see core/messages/live-updates.ts for why it changes).
 */
export interface LiveChannelStore {
  /** The current key; the first call of a deployment makes one. */
  current(): Promise<string>;
  /** Replaces the key with a new random one; answers the key it replaced (null when there was none). */
  replace(): Promise<{ readonly previous: string | null; readonly current: string }>;
  /**
   * Replaces the key where nothing can publish the notice at once (the password-reset trigger, issue 31):
   * the old key is kept as moved-but-unannounced, for the next publisher to announce. Nothing when no key
   * was ever made (nobody can be watching).
   */
  retire(): Promise<void>;
  /** The keys retired and not yet announced, taken (one taker gets each); empty when there are none. */
  takeUnannounced(): Promise<readonly string[]>;
}
