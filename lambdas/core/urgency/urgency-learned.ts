/**
 * The learned half of the urgency second opinion (issue 32, deliverable 5), pure: a logistic regression over
 * the sentence encoder's vector of the whole transcript, trained on every voicemail the team has read and
 * labelled (bench/urgency-learn.ts writes the weights beside the encoder they were trained on,
 * lambdas/adapters/offline/urgency-learned.json; docs/decisions/urgency-2.md, "A learned opinion"). The
 * prototypes (urgency-kinds.ts) catch what is near a kind someone wrote down; this catches what the labelled
 * voicemails have in common that no prototype says ("a rash that wasn't there at lunch"), and
 * it was chosen by how it did on sets it had not been trained on, never on the set it is judged by.
 *
 * Like the prototypes it may only RAISE the rules' `normal` (core/urgency/urgency-opinion.ts
 * `raisedUrgency`), never when there is any sign of spam or the caller says it can wait.
 */
/**
 * The trained model: a weight per dimension of one encoder's vector, and a bias. It means something only for
 * the encoder it was trained on, so that encoder's adapter carries it (lambdas/ports/sentence-embedder.ts).
 */
export type LearnedModel = { readonly bias: number; readonly weights: readonly number[] };

/**
 * How sure the model must be to raise. Chosen by training on all development sets but one and scoring the
 * one left out, each in turn, on their kept transcripts: of the 22 urgent voicemails the rules and the
 * prototypes had left normal, and 186 that were not urgent, it raised at 0.65 5 and 0 (0.6: 5 and 1; 0.5: 9
 * and 4; 0.7: 5 and 0) (docs/decisions/urgency-2.md).
 */
export const LEARNED_BAR = 0.65;

/** The most words of the transcript read whole: a voicemail is short; a hostile transcript is cut. */
const MOST_WORDS = 200;

/** The words the model reads: the whole transcript, cut at MOST_WORDS. */
export function learnedText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().split(' ').slice(0, MOST_WORDS).join(' ');
}

/** How likely the model finds a voicemail urgent (0 to 1), from the unit-length vector of learnedText. */
export function learnedScore(vector: readonly number[], model: LearnedModel): number {
  if (vector.length !== model.weights.length) return 0;
  let z = model.bias;
  for (const [index, weight] of model.weights.entries()) z += weight * vector[index]!;
  return 1 / (1 + Math.exp(-z));
}
