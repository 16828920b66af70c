/**
 * What the second opinion on urgency by meaning costs (issue 32): the sentence encoder the local runtime plugs
 * in (lambdas/adapters/offline/sentence-encoder.ts), timed as the Summarize step calls it in the urgency
 * benchmark: its first call (loading the model and embedding the prototypes) and the process's resident memory
 * across it, then each voicemail's pieces.
 */
import { SentenceEncoder } from '../lambdas/adapters/offline/sentence-encoder';
import type { SentenceEmbedder } from '../lambdas/ports/sentence-embedder';

export type TimedEmbedder = SentenceEmbedder & { readonly cost: () => string };

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export function timedEncoder(): TimedEmbedder {
  const encoder = new SentenceEncoder();
  let loading: { started: number; rss: number } | null = null;
  let loaded: { ms: number; grown: number } | null = null;
  const calls: number[] = [];
  return {
    async embed(sentences) {
      const started = performance.now();
      const first = loading === null;
      loading ??= { started, rss: process.memoryUsage().rss };
      const duringLoad = loaded === null;
      const vectors = await encoder.embed(sentences);
      const ms = performance.now() - started;
      if (first) loaded = { ms, grown: process.memoryUsage().rss - loading.rss };
      // A call made while the model was loading waited for it: it counts with the load, not per voicemail.
      else if (!duringLoad) calls.push(ms);
      return vectors;
    },
    cost() {
      if (loaded === null)
        return 'The second opinion by meaning was not asked (every voicemail was urgent or spam by the rules).';
      const sorted = [...calls].sort((a, b) => a - b);
      return `Second opinion by meaning (Universal Sentence Encoder lite, WebAssembly): loading the model and embedding the prototypes ${(loaded.ms / 1000).toFixed(1)} s, the process ${(loaded.grown / 1e6).toFixed(0)} MB larger after it; then ${sorted.length} voicemails the rules found normal, median ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms each.`;
    },
  };
}
