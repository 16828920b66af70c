import type { Message } from '../core/schemas';
import type { MessageRepository } from '../ports/message-repository';

/** The dashboard's Recent Messages: newest first, at most `limit`. */
export async function listRecentMessages(
  deps: { messages: MessageRepository },
  limit: number,
): Promise<Message[]> {
  return deps.messages.listRecent(limit);
}
