/** What the pipeline's steps read of the sender's choices by text (LANG, and SPELL's words to spell right). */
import type { SenderPreferences } from '../../core/sender-preferences';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';

/**
 * The sender's preferences, for this sender's messages only: a message from an admin's test upload has no
 * phone number and so no preferences.
 */
export async function senderPreferences(
  preferences: Pick<SenderPreferencesRepository, 'get'>,
  message: { readonly phone_number: string | null },
): Promise<SenderPreferences | null> {
  return message.phone_number === null ? null : preferences.get(message.phone_number);
}
