/** The words a message's engines should spell as its sender does (issue 18: the SPELL list). */
import { normalizeVocabulary } from '../../core/vocabulary';

/**
 * Where a sender's words come from, by their phone number (E.164); the pipeline's steps take it as a
 * dependency (tests give their own).
 */
export type VocabularySource = (phoneNumber: string) => Promise<readonly string[]>;

/**
 * The sender's own words, for this sender's messages only. PLUG POINT: this returns [] until the per-sender
 * preferences store (shared with LANG) lands; then it reads that sender's record's `spell` list. A message
 * from an admin's test upload has no phone number and no list.
 */
export const vocabularyFor: VocabularySource = async (_phoneNumber) => [];

/** The words of the message's sender, cleaned up as every engine expects them (core/vocabulary.ts). */
export async function senderVocabulary(
  source: VocabularySource | undefined,
  message: { readonly phone_number: string | null },
): Promise<string[]> {
  if (message.phone_number === null) return [];
  return normalizeVocabulary(await (source ?? vocabularyFor)(message.phone_number));
}
