/** What the pipeline's steps read of the sender's choices by text (LANG, MODE, SPELL's words). */
import type { ReplyMode } from '#core/messages/message';
import { normalizeVocabulary } from '#core/transcripts/vocabulary';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';

/**
 * The sender's choices as the steps use them: `language` and `vocabulary` are what the transcriber and the
 * summarizer take (their hints as they are), `replyMode` what SendReply follows; null or empty when not chosen.
 */
export type SenderChoices = {
  readonly language: string | null;
  readonly vocabulary: string[];
  readonly replyMode: ReplyMode | null;
};

/**
 * The sender's choices, for this sender's messages only: a message from an admin's test upload has no phone
 * number and so none.
 */
export async function senderChoices(
  preferences: Pick<SenderPreferencesRepository, 'get'>,
  message: { readonly phone_number: string | null },
): Promise<SenderChoices> {
  const chosen = message.phone_number === null ? null : await preferences.get(message.phone_number);
  return {
    language: chosen?.language ?? null,
    vocabulary: normalizeVocabulary(chosen?.spell ?? undefined),
    replyMode: chosen?.reply_mode ?? null,
  };
}
