/**
 * What the second opinion on urgency by meaning costs (issue 32): the sentence encoder the local runtime plugs
 * in (lambdas/adapters/offline/sentence-encoder.ts), timed as the Summarize step calls it in the urgency
 * benchmark: its first call (loading the model and embedding the prototypes), then each voicemail's pieces,
 * and this process's resident memory before the load and after the run.
 */
import { SentenceEncoder } from '../lambdas/adapters/offline/sentence-encoder';
import type { SentenceEmbedder } from '../lambdas/ports/sentence-embedder';

export type TimedEmbedder = SentenceEmbedder & { readonly cost: () => string };

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export function timedEncoder(): TimedEmbedder {
  const encoder = new SentenceEncoder();
  const rssBefore = process.memoryUsage().rss;
  let firstMs: number | null = null;
  const calls: number[] = [];
  return {
    async embed(sentences) {
      const started = performance.now();
      const vectors = await encoder.embed(sentences);
      const ms = performance.now() - started;
      if (firstMs === null) firstMs = ms;
      else calls.push(ms);
      return vectors;
    },
    cost() {
      if (firstMs === null)
        return 'The second opinion by meaning was not asked (every voicemail was urgent or spam by the rules).';
      const sorted = [...calls].sort((a, b) => a - b);
      const grown = (process.memoryUsage().rss - rssBefore) / 1e6;
      return `Second opinion by meaning (Universal Sentence Encoder lite, WebAssembly): first call ${(firstMs / 1000).toFixed(1)} s (loading the model, embedding the prototypes and the first voicemail's pieces in parallel); then ${calls.length} calls for the voicemails the rules found normal, median ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms; this process's resident memory grew ${grown.toFixed(0)} MB over the run (the model and TensorFlow.js included).`;
    },
  };
}
