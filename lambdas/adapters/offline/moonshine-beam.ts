/**
 * Beam search for Moonshine (issue 32): `width` hypotheses decoded side by side, as ONE batched decoder call
 * per step (input_ids [B,1], the encoder's output and its keys/values repeated B times, the decoder's own
 * keys/values [B,heads,seq,head] reordered by gathering rows along the batch axis when a hypothesis takes
 * over another's place). What greedy does stays: the sender's vocabulary bias (its bonus added to a token's
 * log-probability, as greedy adds it to the logit), forbidEndFirst, the a.m./p.m. spelling sum in the recorded
 * log-probabilities, and the tokens-per-second limit. The finished hypotheses are kept (the N-best): where they
 * agree on a word it is sure, where they differ it is doubtful (core/transcripts/word-posterior.ts).
 *
 * Length: a hypothesis is ranked by its summed log-probability divided by its length in tokens (the end token
 * counted), as Whisper's beam search does. The raw sum favours stopping early (every token costs), which in
 * speech means dropping the end of what was said; divided by the length, a longer hypothesis competes on its
 * per-token likelihood. The posterior between hypotheses weighs them the same way (per token, scaled to the
 * best's length; moonshine-transcriber.ts): by raw sums a hypothesis that stopped early outweighed the rest.
 * With width 1 the transcriber calls decodeGreedy instead (moonshine-decoder.ts): the same output byte for byte.
 */
import type * as Ort from 'onnxruntime-node';
import { endsInDigit, spelledLogProb } from '#core/transcripts/meridiem-spellings';
import type { BiasState } from './contextual-bias';
import {
  type DecodedTokens,
  type DecodeOptions,
  END_TOKEN,
  emptyPast,
  encodeAudio,
  maxTokensFor,
  type Sessions,
  START_TOKEN,
  spellingsOf,
} from './moonshine-decoder';
import type { MoonshineModel } from './moonshine-model';

/** One finished hypothesis: its tokens, the log-probability recorded for each, and its score. */
export type Hypothesis = DecodedTokens & {
  /** The summed log-probabilities (bias bonus included) of its tokens and of its end token, if it ended. */
  readonly total: number;
  /** `total` divided by its length in tokens (the end token counted): what hypotheses are ranked by. */
  readonly normalised: number;
};

/** The best hypothesis first, then the other survivors, best to worst. */
export type BeamResult = { readonly best: Hypothesis; readonly nBest: readonly Hypothesis[] };

type Beam = {
  readonly tokens: readonly number[];
  readonly logProbs: readonly number[];
  readonly total: number;
  readonly matching: BiasState;
};

type Candidate = { readonly beam: number; readonly token: number; readonly score: number };

/**
 * Gathers rows of a [B, ...] tensor's data along its first axis: row i of the result is row `rows[i]` of
 * `data` (each row `rowSize` values). How the key/value cache follows the hypotheses from step to step.
 */
export function gatherRows(data: Float32Array, rowSize: number, rows: readonly number[]): Float32Array {
  const out = new Float32Array(rowSize * rows.length);
  rows.forEach((row, index) => {
    out.set(data.subarray(row * rowSize, (row + 1) * rowSize), index * rowSize);
  });
  return out;
}

/** A tensor's data repeated `times` along a new first axis of size `times` (its own first axis being 1). */
function repeated(ort: typeof Ort, tensor: Ort.Tensor, times: number): Ort.Tensor {
  const rowSize = (tensor.data as Float32Array).length;
  const rows = Array.from({ length: times }, () => 0);
  const data = gatherRows(tensor.data as Float32Array, rowSize, rows);
  return new ort.Tensor('float32', data, [times, ...tensor.dims.slice(1)]);
}

function reordered(ort: typeof Ort, tensor: Ort.Tensor, rows: readonly number[]): Ort.Tensor {
  const rowSize = (tensor.data as Float32Array).length / tensor.dims[0]!;
  const data = gatherRows(tensor.data as Float32Array, rowSize, rows);
  return new ort.Tensor('float32', data, [rows.length, ...tensor.dims.slice(1)]);
}

/** log of the sum of exp over a row of logits. */
function logSumExp(logits: Float32Array, from: number, size: number): number {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = from; i < from + size; i++) if (logits[i]! > max) max = logits[i]!;
  let sum = 0;
  for (let i = from; i < from + size; i++) sum += Math.exp(logits[i]! - max);
  return max + Math.log(sum);
}

/**
 * The `k` best next tokens of a row by biased log-probability, never `skip`. A bonus is never negative, so
 * the k best raw tokens together with the tokens the bias favours hold the k best biased ones.
 */
export function topTokens(
  logProbOf: (token: number) => number,
  size: number,
  k: number,
  skip: number,
  favoured: readonly number[],
  bonusOf: (token: number) => number,
): { token: number; score: number }[] {
  const best: { token: number; score: number }[] = [];
  const offer = (token: number, score: number) => {
    if (token === skip || token < 0 || token >= size) return;
    if (best.length === k && score <= best[k - 1]!.score) return;
    const already = best.findIndex((entry) => entry.token === token);
    if (already >= 0) {
      if (best[already]!.score >= score) return;
      best.splice(already, 1);
    }
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at--;
    best.splice(at, 0, { token, score });
    if (best.length > k) best.pop();
  };
  for (let token = 0; token < size; token++) offer(token, logProbOf(token));
  for (const token of favoured) offer(token, logProbOf(token) + bonusOf(token));
  return best;
}

const finishedOf = (beam: Beam, total: number, ended: boolean): Hypothesis => ({
  tokens: beam.tokens,
  logProbs: beam.logProbs,
  total,
  normalised: total / (beam.tokens.length + (ended ? 1 : 0) || 1),
});

/** Beam search over `audio` (16 kHz floats) with `width` hypotheses (2 or more). */
export async function decodeBeams(
  sessions: Sessions,
  model: MoonshineModel,
  audio: Float32Array,
  { forbidEndFirst, bias }: DecodeOptions,
  width: number,
): Promise<BeamResult> {
  const { ort, decoder, tokenizer } = sessions;
  const hidden1 = await encodeAudio(sessions, audio);
  let hidden = hidden1;
  let past = emptyPast(ort, model);
  const maxTokens = maxTokensFor(audio);
  const spellings = spellingsOf(tokenizer);
  let beams: Beam[] = [{ tokens: [], logProbs: [], total: 0, matching: bias?.initial ?? [] }];
  const finished: Hypothesis[] = [];
  for (let step = 0; step < maxTokens && finished.length < width; step++) {
    const batch = beams.length;
    const output = await decoder.run({
      input_ids: new ort.Tensor(
        'int64',
        BigInt64Array.from(beams.map((beam) => BigInt(beam.tokens.at(-1) ?? START_TOKEN))),
        [batch, 1],
      ),
      encoder_hidden_states: hidden,
      use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
      ...past,
    });
    const logits = output.logits!.data as Float32Array;
    const size = logits.length / batch;
    const skip = step === 0 && forbidEndFirst ? END_TOKEN : -1;
    const norms = beams.map((_, row) => logSumExp(logits, row * size, size));
    const logProbOf = (row: number) => (token: number) => logits[row * size + token]! - norms[row]!;
    const candidates: Candidate[] = [];
    beams.forEach((beam, row) => {
      const favoured = bias ? bias.favoured(beam.matching) : [];
      const bonusOf = (token: number) => (bias ? bias.bonus(beam.matching, token) : 0);
      for (const { token, score } of topTokens(logProbOf(row), size, width + 1, skip, favoured, bonusOf)) {
        candidates.push({ beam: row, token, score: beam.total + score });
      }
    });
    candidates.sort((a, b) => b.score - a.score);
    const next: Beam[] = [];
    const rows: number[] = [];
    for (const candidate of candidates) {
      if (next.length === width) break;
      const beam = beams[candidate.beam]!;
      if (candidate.token === END_TOKEN) {
        if (finished.length < width) finished.push(finishedOf(beam, candidate.score, true));
        continue;
      }
      const bonus = bias ? bias.bonus(beam.matching, candidate.token) : 0;
      const ofRow = logProbOf(candidate.beam);
      // As greedy records it: the a.m./p.m. spellings summed after a digit, the bonus added, at most 0.
      const heard = spelledLogProb(
        {
          piece: tokenizer.vocabById[candidate.token] ?? '',
          logProb: ofRow(candidate.token),
          afterDigit: endsInDigit(tokenizer.vocabById[beam.tokens.at(-1) ?? -1]),
        },
        spellings,
        ofRow,
      );
      next.push({
        tokens: [...beam.tokens, candidate.token],
        logProbs: [...beam.logProbs, Math.min(0, heard + bonus)],
        total: candidate.score,
        matching: bias ? bias.advance(beam.matching, candidate.token) : [],
      });
      rows.push(candidate.beam);
    }
    if (next.length === 0 || finished.length >= width) break;
    // The encoder's keys and values (computed at the first step) and its output, once per hypothesis.
    const widen = step === 0 && next.length !== batch;
    if (widen) hidden = repeated(ort, hidden1, next.length);
    const nextPast: Record<string, Ort.Tensor> = {};
    for (const [name, tensor] of Object.entries(output)) {
      if (!name.startsWith('present.')) continue;
      const pastName = name.replace('present.', 'past_key_values.');
      if (name.includes('.encoder.')) {
        nextPast[pastName] = step === 0 ? repeated(ort, tensor, next.length) : past[pastName]!;
      } else {
        nextPast[pastName] = reordered(ort, tensor, rows);
      }
    }
    past = nextPast;
    beams = next;
  }
  // Out of tokens (a loop, or speech faster than the limit): the hypotheses still going count as they are.
  if (finished.length < width) {
    for (const beam of beams) {
      if (finished.length >= width) break;
      finished.push(finishedOf(beam, beam.total, false));
    }
  }
  const ranked = [...finished].sort((a, b) => b.normalised - a.normalised);
  return { best: ranked[0]!, nBest: ranked };
}
