/** The words a message's engines should spell as its sender does (issue 18: the SPELL list). */
import { normalizeVocabulary } from '../../core/vocabulary';

/** Where a sender's words come from; the pipeline's steps take it as a dependency (tests give their own). */
export type VocabularySource = (sender: string) => Promise<readonly string[]>;

/**
 * The sender's own words, for this sender's messages only. PLUG POINT: this returns [] until the per-sender
 * preferences store (shared with LANG) lands; then it reads that sender's record's `spell` list. A message
 * from an admin's test upload has no phone number and no list.
 */
export const vocabularyFor: VocabularySource = async (_sender) => [];

/** The sender's words, cleaned up as every engine expects them (core/vocabulary.ts). */
export async function senderVocabulary(
  source: VocabularySource | undefined,
  sender: string,
): Promise<string[]> {
  return normalizeVocabulary(await (source ?? vocabularyFor)(sender));
}
