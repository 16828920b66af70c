/**
 * The Summarize step's second opinion on urgency by meaning (issue 32): the host's sentence embedder where it
 * gives one (the local runtime, local/host-adapters.ts), else none: Lambda bundles carry no model for it.
 */
import type { SentenceEmbedder } from '../ports/sentence-embedder';
import { hostAdapters } from './host';

export const urgencyOpinion = (): SentenceEmbedder | null => hostAdapters().urgencyOpinion ?? null;
