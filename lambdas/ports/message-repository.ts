import type { Message } from '../core/schemas';
import type { MessageStatus } from '../core/status';

/** Fields that may change after a message is created. */
export type MessagePatch = Partial<
  Pick<
    Message,
    'status' | 'summary' | 'transcript' | 'error_message' | 'reply_sent' | 'audio_url' | 'phone_number'
  >
> &
  Record<string, unknown>;

/** Stores voice messages and answers the dashboard's "recent messages" question. */
export interface MessageRepository {
  /** Creates the message; returns false (and writes nothing) when a message with this id already exists. */
  create(message: Message): Promise<boolean>;
  get(id: string): Promise<Message | null>;
  /**
   * Applies `patch` only while the message's status is one of `expectedStatuses`; returns the updated
   * message, or null when the message is missing or in another status (nothing is written then).
   */
  update(
    id: string,
    expectedStatuses: readonly MessageStatus[],
    patch: MessagePatch,
    now: string,
  ): Promise<Message | null>;
  /** The newest messages first, at most `limit` (1 to 10). */
  listRecent(limit: number): Promise<Message[]>;
}
