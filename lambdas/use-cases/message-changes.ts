/**
 * The one place messages are created and changed. Every status change (and every other write) goes through
 * here, so the live dashboard sees each one: the change is published right after the write succeeds.
 * Publishing is best effort: a missed live update is fixed by the dashboard's next refresh, while a failed
 * write must not be hidden.
 */
import type { SmsPart } from '#core/delivery/delivery-status';
import { listedMessage, type Message } from '#core/messages/message';
import { allowedSources, type MessageStatus } from '#core/messages/status';
import type { Clock } from '../ports/clock';
import type { MessageEvents } from '../ports/message-events';
import type { MessagePatch, MessageRepository, SmsPartStatus } from '../ports/message-repository';

export type MessageChangeDeps = {
  readonly messages: MessageRepository;
  readonly events: MessageEvents;
  readonly clock: Clock;
  readonly onPublishError?: (error: unknown) => void;
};

async function publish(deps: MessageChangeDeps, type: 'created' | 'updated' | 'deleted', message: Message) {
  try {
    // As the list shows it: a long transcript's words would not fit an AppSync event (240 KB).
    await deps.events.publish({ type, message: listedMessage(message) });
  } catch (error) {
    deps.onPublishError?.(error);
  }
}

/** Stores a new message; false (and nothing written or published) when one with its id exists already. */
export async function createMessage(deps: MessageChangeDeps, message: Message): Promise<boolean> {
  const created = await deps.messages.create(message);
  if (created) await publish(deps, 'created', message);
  return created;
}

/**
 * Moves a message to `to` (only from the statuses the status rules allow) with `patch`, or, without `to`,
 * writes `patch` while the message is in one of `whileIn`. With `attempt`, only that run may write.
 * Returns the updated message, or null when the message is missing or not in a matching state.
 */
export async function changeMessage(
  deps: MessageChangeDeps,
  id: string,
  change: {
    readonly to?: MessageStatus;
    readonly whileIn?: readonly MessageStatus[];
    readonly patch?: MessagePatch;
    readonly attempt?: number;
  },
): Promise<Message | null> {
  const expected = change.to ? allowedSources(change.to) : (change.whileIn ?? []);
  if (expected.length === 0) throw new Error(`No status may change to ${change.to}.`);
  const patch: MessagePatch = { ...change.patch, ...(change.to ? { status: change.to } : {}) };
  const updated = await deps.messages.update(
    id,
    expected,
    patch,
    deps.clock(),
    change.attempt === undefined ? {} : { attempt: change.attempt },
  );
  if (updated) await publish(deps, 'updated', updated);
  return updated;
}

/** Removes a message for good (its audio is the caller's to delete first) and tells the live list. */
export async function removeMessage(deps: MessageChangeDeps, message: Message): Promise<void> {
  await deps.messages.delete(message.id);
  await publish(deps, 'deleted', message);
}

/** Records a text sent about the message (its SID, kind, place, segments and first status). */
export async function addSmsPart(
  deps: MessageChangeDeps,
  id: string,
  part: SmsPart,
): Promise<Message | null> {
  const updated = await deps.messages.addSmsPart(id, part);
  if (updated) await publish(deps, 'updated', updated);
  return updated;
}

/**
 * Records a text's new delivery status when it is news (only forward: see core/delivery/delivery-status.ts); null, and
 * nothing written or published, when it is not or the text is unknown.
 */
export async function changeSmsPartStatus(
  deps: MessageChangeDeps,
  id: string,
  update: SmsPartStatus,
): Promise<Message | null> {
  const updated = await deps.messages.updateSmsPartStatus(id, update);
  if (updated) await publish(deps, 'updated', updated);
  return updated;
}
