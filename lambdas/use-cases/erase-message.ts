/** Erasing one message for good: what the sender's DELETE text and the message page's "Delete" both do. */
import type { Message } from '#core/messages/message';
import type { AudioStore } from '../ports/audio-store';
import type { Providers } from '../ports/providers';
import type { CardLinkStore } from '../ports/short-lived-codes';
import { type MessageChangeDeps, removeMessage } from './message-changes';

export type EraseMessageDeps = MessageChangeDeps & {
  readonly audio: AudioStore;
  readonly providers: Pick<Providers, 'mediaFetcher'>;
  /** The links of its MMS attachments (CARDS ON), forgotten with it. */
  readonly cardLinks: Pick<CardLinkStore, 'revokeAll'>;
};

/**
 * Deletes the message's media still held at the SMS provider (a message whose run never fetched it), its
 * stored audio, the links of its MMS attachments, then the message (its summary, transcript and link with
 * it), so nothing is left without its message.
 */
export async function eraseMessage(deps: EraseMessageDeps, message: Message): Promise<void> {
  if (message.media_url) await (await deps.providers.mediaFetcher()).delete(message.media_url);
  if (message.audio_url) await deps.audio.delete(message.audio_url);
  await deps.cardLinks.revokeAll(message.id);
  await removeMessage(deps, message);
}
