/**
 * Trains the learned urgency opinion (lambdas/core/urgency/urgency-learned.ts) and writes its weights to
 * lambdas/adapters/offline/urgency-learned.json: `npx tsx bench/urgency-learn.ts`. Run again whenever a read set
 * joins bench/urgency-learn-data.ts (a unit test compares the fingerprint). About a minute.
 *
 * Logistic regression on the sentence encoder's unit vector of each voicemail's words, fitted by plain
 * full-batch gradient descent from zero with a small L2 penalty: deterministic, a few lines, and nothing to
 * install (the npm regression packages add an optimiser we would have to tune as well; this one's recipe was
 * the one chosen by leaving each set out in turn, docs/decisions/urgency-2.md). Also prints, for each read
 * set, how a model trained on the others does on that set's own words, at the opinion's bar.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LEARNED_BAR, type LearnedModel, learnedScore, learnedText } from '#core/urgency/urgency-learned';
import { SentenceEncoder } from '../lambdas/adapters/offline/sentence-encoder';
import {
  type Example,
  fingerprint,
  TRAINING_SETS,
  trainingExamples,
  URGENCY_TRAINING_SETS,
} from './urgency-learn-data';

const RECIPE = { learningRate: 0.5, l2: 0.0003, iterations: 1000 } as const;
const OUT = new URL('../lambdas/adapters/offline/urgency-learned.json', import.meta.url);

/** Logistic regression by full-batch gradient descent (RECIPE). */
function fitModel(vectors: readonly (readonly number[])[], labels: readonly boolean[]): LearnedModel {
  const dimensions = vectors[0]?.length ?? 0;
  const weights = new Array<number>(dimensions).fill(0);
  let bias = 0;
  for (let step = 0; step < RECIPE.iterations; step++) {
    const gradient = new Array<number>(dimensions).fill(0);
    let biasGradient = 0;
    for (const [index, vector] of vectors.entries()) {
      const error = learnedScore(vector, { bias, weights }) - (labels[index] ? 1 : 0);
      for (let d = 0; d < dimensions; d++) gradient[d]! += error * vector[d]!;
      biasGradient += error;
    }
    for (let d = 0; d < dimensions; d++)
      weights[d]! -= RECIPE.learningRate * (gradient[d]! / vectors.length + RECIPE.l2 * weights[d]!);
    bias -= (RECIPE.learningRate * biasGradient) / vectors.length;
  }
  return { bias, weights };
}

async function main() {
  const examples = trainingExamples();
  const encoder = new SentenceEncoder();
  // Unit length already, as the port promises and the runtime scores them.
  const vectors = await encoder.embed(examples.map((example) => learnedText(example.text)));
  const labels = examples.map((example) => example.urgent);

  console.log(`Each read set scored by a model trained on the others (bar ${LEARNED_BAR}):`);
  for (const set of Object.keys(TRAINING_SETS)) {
    const inSet = (example: Example) => example.set === set;
    const model = fitModel(
      vectors.filter((_, index) => !inSet(examples[index]!)),
      labels.filter((_, index) => !inSet(examples[index]!)),
    );
    const scored = examples.flatMap((example, index) =>
      inSet(example)
        ? [{ urgent: example.urgent, raised: learnedScore(vectors[index]!, model) >= LEARNED_BAR }]
        : [],
    );
    const urgent = scored.filter((one) => one.urgent);
    const calm = scored.filter((one) => !one.urgent);
    console.log(
      `  ${set}: urgent raised ${urgent.filter((one) => one.raised).length} of ${urgent.length}, calm raised ${calm.filter((one) => one.raised).length} of ${calm.length}`,
    );
  }

  const model = fitModel(vectors, labels);
  const learned = {
    about:
      'Written by bench/urgency-learn.ts: logistic regression over the Universal Sentence Encoder lite vector of a transcript (lambdas/core/urgency/urgency-learned.ts).',
    trainedOn: {
      sets: [...Object.keys(TRAINING_SETS), ...Object.keys(URGENCY_TRAINING_SETS)],
      voicemails: examples.length,
      urgent: labels.filter(Boolean).length,
      fingerprint: fingerprint(examples),
    },
    recipe: RECIPE,
    bias: Number(model.bias.toFixed(6)),
    weights: model.weights.map((weight) => Number(weight.toFixed(6))),
  };
  await writeFile(OUT, `${JSON.stringify(learned, null, 2)}\n`);
  // As the repository's formatter writes JSON, so that `biome check` passes on the file as written.
  await promisify(execFile)('npx', ['biome', 'format', '--write', fileURLToPath(OUT)]);
  console.log(
    `Trained on ${examples.length} voicemails (${learned.trainedOn.urgent} urgent): ${OUT.pathname}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
