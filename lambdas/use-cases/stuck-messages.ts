import type { Message } from '#core/messages/message';
import { STUCK_AFTER_MS } from '#core/messages/status';
import type { Clock } from '../ports/clock';
import type { MessageRepository } from '../ports/message-repository';

/**
 * How far back each check looks. The check runs every few minutes, so a stuck message is counted (and
 * alarms) for this long; reading only this window keeps each check to a few items at any volume.
 */
export const STUCK_WINDOW_MS = 60 * 60_000;

/** The messages that arrived between an hour and 15 minutes ago and are still not completed or failed. */
export async function findStuckMessages(deps: {
  readonly messages: MessageRepository;
  readonly clock: Clock;
}): Promise<Message[]> {
  const now = Date.parse(deps.clock());
  const from = new Date(now - STUCK_WINDOW_MS).toISOString();
  const to = new Date(now - STUCK_AFTER_MS).toISOString();
  const candidates = await deps.messages.listCreatedBetween(from, to);
  return candidates.filter((m) => m.status === 'pending' || m.status === 'processing');
}
