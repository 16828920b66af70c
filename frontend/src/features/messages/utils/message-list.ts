/**
 * The Recent Messages list rules (SPEC section 4, "Live updates"): inserted messages go to the top, the list
 * is capped at 10, an updated message replaces the one with its id, an erased one leaves. An update for a
 * message that is not shown is ignored, unless it is newer than the oldest shown (it belongs in the list, e.g.
 * after a missed insert).
 */
import type { LiveMessageChange } from '@core/live-updates';
import { type Message, RECENT_MESSAGES_LIMIT } from '@core/schemas';

/** One change from the live channel (the API publishes exactly this shape). */
export type MessageChange = LiveMessageChange;

const newestFirst = (a: Message, b: Message) => b.created_at.localeCompare(a.created_at);

/**
 * A change to the messages a list already shows (the History's pages): an erased one leaves, an updated one
 * is replaced (never by an older state); null when the list does not show the message.
 */
export function changeShown(list: readonly Message[], change: MessageChange): Message[] | null {
  const { message } = change;
  // An erased message (its sender texted DELETE) leaves the list; the next refresh fills the gap.
  if (change.type === 'delete') return list.filter((m) => m.id !== message.id);
  const index = list.findIndex((m) => m.id === message.id);
  if (index < 0) return null;
  // Never step back: a late event for an older state of the same message is dropped.
  const shown = list[index]!;
  if ((shown.updated_at ?? '') > (message.updated_at ?? '')) return [...list];
  const next = [...list];
  next[index] = message;
  return next;
}

export function applyChange(list: readonly Message[], change: MessageChange): Message[] {
  const { message } = change;
  const shown = changeShown(list, change);
  if (shown) return shown;
  if (change.type === 'update') {
    const oldest = list.at(-1);
    const belongs = list.length < RECENT_MESSAGES_LIMIT || (oldest && message.created_at > oldest.created_at);
    if (!belongs) return [...list];
  }
  return [message, ...list].sort(newestFirst).slice(0, RECENT_MESSAGES_LIMIT);
}
