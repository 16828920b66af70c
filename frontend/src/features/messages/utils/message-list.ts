/**
 * The message list's rules for live changes (SPEC section 4, "Live updates"; issue 26's one list): an updated
 * message replaces the one with its id (never by an older state), an erased one leaves, and a new one slides
 * in at its place among the newest, where the list shows them. A page further down is not the place of a
 * message newer than the list's oldest: that list shows it. An update of a message not shown is taken the same
 * way (its insert was missed), unless it is older than every message shown and more pages remain.
 */
import type { LiveMessageChange } from '@core/messages/live-updates';
import type { Message } from '@core/messages/message';
import { encodeCursor, RECENT_MESSAGES } from '@core/messages/message-history';

/** One change from the live channel (the API publishes exactly this shape). */
export type MessageChange = LiveMessageChange;

const newestFirst = (a: Message, b: Message) => b.created_at.localeCompare(a.created_at);

/**
 * A change to the messages a list already shows: an erased one leaves, an updated one is replaced (never by
 * an older state); null when the list does not show the message.
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

/**
 * A change to the newest messages: `complete` when the list holds every message there is (no page left to
 * load), so an old one also belongs in it.
 */
export function applyChange(
  list: readonly Message[],
  change: MessageChange,
  { complete }: { readonly complete: boolean },
): Message[] {
  const shown = changeShown(list, change);
  if (shown) return shown;
  const oldest = list.at(-1);
  const belongs = complete || (oldest !== undefined && change.message.created_at > oldest.created_at);
  if (!belongs) return [...list];
  return [change.message, ...list].sort(newestFirst);
}

/** A page of the list: its messages and where the next page starts (null when none is left). */
export type ListPage = { readonly messages: readonly Message[]; readonly next_cursor: string | null };

/**
 * SPEC: the live list is capped at 10. A message that slides in on top pushes the oldest out, down to the list's
 * size before it came (10, or more once "Load more" was pressed); "Load more" then starts after the last one
 * still shown, so the pushed-out ones come back with it.
 */
export function capNewest(before: ListPage, messages: Message[]): ListPage {
  const size = Math.max(RECENT_MESSAGES, before.messages.length);
  if (messages.length <= size) return { ...before, messages };
  const kept = messages.slice(0, size);
  const last = kept.at(-1)!;
  return { messages: kept, next_cursor: encodeCursor({ id: last.id, created_at: last.created_at }) };
}
