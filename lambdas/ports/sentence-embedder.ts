/**
 * Sentences as vectors of meaning (issue 32): the urgency second opinion (core/urgency/urgency-opinion.ts)
 * compares a voicemail's sentences with prototype sentences of each urgent and calm kind. Offline: the
 * Universal Sentence Encoder lite shipped in npm (lambdas/adapters/offline/sentence-encoder.ts). Throws when
 * the model cannot load; the caller then keeps the rules' answer.
 */
import type { LearnedModel } from '#core/urgency/urgency-learned';

export interface SentenceEmbedder {
  /** One unit-length vector per sentence, in order: the nearer in meaning, the larger their dot product. */
  embed(sentences: readonly string[]): Promise<readonly (readonly number[])[]>;
  /**
   * The learned urgency opinion trained on this embedder's vectors (core/urgency/urgency-learned.ts), if any:
   * weights mean nothing for another embedder's, so they travel with it (and no Lambda bundle carries them).
   */
  readonly urgencyModel?: LearnedModel;
}
