/**
 * The second opinion on urgency by meaning (issue 32), where a host provides a sentence embedder (the local
 * runtime: lambdas/adapters/offline/sentence-encoder.ts): the prototypes are embedded once per embedder, the
 * voicemail's pieces once per message, and core/urgency/urgency-opinion.ts decides. It is asked only for what
 * the rules found normal (and whose caller did not say it can wait), in English, when the summarizer gave no
 * urgency of its own (offline: with OpenAI,
 * the model's judgement is the second opinion). If the embedder fails, the rules' answer stands.
 */
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import { urgencyEvidence } from '#core/urgency/urgency';
import { CALM_PROTOTYPES, SPAM_PROTOTYPES, URGENT_KINDS } from '#core/urgency/urgency-kinds';
import { learnedScore, learnedText } from '#core/urgency/urgency-learned';
import {
  nearestKind,
  opinionPieces,
  type PrototypeVectors,
  raisedUrgency,
  saysNotPressing,
} from '#core/urgency/urgency-opinion';
import type { Urgency } from '#core/urgency/urgency-schema';
import type { SentenceEmbedder } from '../../ports/sentence-embedder';

const prototypesOf = new WeakMap<SentenceEmbedder, Promise<PrototypeVectors>>();

async function embedPrototypes(embedder: SentenceEmbedder): Promise<PrototypeVectors> {
  const urgent = Object.entries(URGENT_KINDS).flatMap(([kind, { prototypes }]) =>
    prototypes.map((text) => ({ kind, text })),
  );
  const vectors = await embedder.embed([
    ...urgent.map((prototype) => prototype.text),
    ...CALM_PROTOTYPES,
    ...SPAM_PROTOTYPES,
  ]);
  const calmFrom = urgent.length;
  const spamFrom = calmFrom + CALM_PROTOTYPES.length;
  return {
    urgent: urgent.map((prototype, index) => ({ kind: prototype.kind, vector: vectors[index]! })),
    calm: vectors.slice(calmFrom, spamFrom),
    spam: vectors.slice(spamFrom),
  };
}

/** The prototypes' vectors from this embedder, embedded once (again after a failure). */
export function prototypeVectors(embedder: SentenceEmbedder): Promise<PrototypeVectors> {
  let vectors = prototypesOf.get(embedder);
  if (!vectors) {
    vectors = embedPrototypes(embedder);
    vectors.catch(() => prototypesOf.delete(embedder));
    prototypesOf.set(embedder, vectors);
  }
  return vectors;
}

/** The urgency after the second opinion; the one given when it does not apply or the embedder fails. */
export async function withSecondOpinion(
  embedder: SentenceEmbedder | null,
  heard: HeardTranscript,
  urgency: Urgency,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<Urgency> {
  if (embedder === null || urgency.level !== 'normal') return urgency;
  const signsOfSpam = urgencyEvidence(heard).spam.length > 0;
  // A sign of spam, or the caller's own "no need to call back": the guess by meaning is not asked.
  if (signsOfSpam || saysNotPressing(heard.text)) return urgency;
  try {
    const pieces = opinionPieces(heard);
    const model = embedder.urgencyModel ?? null;
    // The pieces for the prototypes, and the whole transcript for the learned model, in one batch.
    const [prototypes, vectors] = await Promise.all([
      prototypeVectors(embedder),
      embedder.embed(model === null ? pieces : [...pieces, learnedText(heard.text)]),
    ]);
    const whole = model === null ? undefined : vectors[pieces.length];
    const nearest = nearestKind(vectors.slice(0, pieces.length), prototypes, pieces);
    return raisedUrgency(urgency, signsOfSpam, nearest, model && whole ? learnedScore(whole, model) : null);
  } catch (error) {
    warn(`The urgency second opinion failed, the rules' answer stands: ${(error as Error).message}`);
    return urgency;
  }
}
