/**
 * A callback number's swallowed "oh" (issue 32, eighth session). Moonshine writes a phone number said digit by
 * digit as "616-555-138" now and then: the caller said "oh one three eight" and the decoder, which reads "oh"
 * as an exclamation as often as a digit, left it out. On the read held-out sets, 40 recordings had such a
 * nine-digit number, and in every one the missing digit was the "oh" (docs/local-transcription.md, "A
 * swallowed oh"). Nine digits are no US number, so the checks left every one unclear.
 *
 * Where it goes is not a guess: the decoder is asked. Each place the zero could take in the last group
 * ("0138", "1038", "1308", "1380") is scored by teacher forcing, the decoder reading that exact text against
 * the same audio, and the placement whose text the decoder finds likeliest is taken only when it holds at
 * least `SWALLOWED_ZERO_SURE` of the four's probability. The zero's token then carries that share as its
 * log-probability, so the number's confidence (its least sure token) is never above it, and the fact checks
 * judge it as they judge any number (core/facts/fact-checks.ts).
 *
 * A zero after the last digit is never put back: at the end of a sentence the decoder likes one there when
 * none was said (numbers said with nine digits and no "oh" got one appended 3 times in 23, and never one
 * inside the group), so such a number stays as heard, unclear.
 */
import type * as Ort from 'onnxruntime-node';
import {
  type DecodedTokens,
  END_TOKEN,
  emptyPast,
  encodeAudio,
  logProbability,
  type Sessions,
  START_TOKEN,
} from './moonshine-decoder';
import type { MoonshineModel } from './moonshine-model';

/**
 * The share of the four placements' probability the best must hold. On the read sets' 40 recordings: at 0.8, 24
 * placements right and 1 wrong (a robocall's); at 0.7, 26 and 3; at 0.9, 17 and 0.
 */
export const SWALLOWED_ZERO_SURE = 0.8;

/** A written number one digit short of a US one, "616-555-138", not part of a longer one ("1-800-555-013"). */
const NINE_DIGITS = /(?<![\d-])\d{3}-\d{3}-(\d{3})(?![\d-])/;

/**
 * Where the last group of a nine-digit number starts among the tokens (each a piece of text, "▁" a space),
 * when each of its three digits is a token of its own (as Moonshine's vocabulary writes digits); else null.
 */
export function shortNumberGroup(pieces: readonly string[]): number | null {
  const texts = pieces.map((piece) => piece.replaceAll('▁', ' '));
  const match = NINE_DIGITS.exec(texts.join(''));
  if (match === null) return null;
  const groupStart = match.index + match[0].length - 3;
  let offset = 0;
  for (const [index, text] of texts.entries()) {
    if (offset === groupStart) {
      const digits = texts.slice(index, index + 3);
      return digits.length === 3 && digits.every((digit) => /^\d$/.test(digit)) ? index : null;
    }
    if (offset > groupStart) return null;
    offset += text.length;
  }
  return null;
}

/** The four token lists with the zero in each place of the group starting at `group`. */
export function zeroPlacements(tokens: readonly number[], group: number, zero: number): number[][] {
  return [0, 1, 2, 3].map((place) => [
    ...tokens.slice(0, group + place),
    zero,
    ...tokens.slice(group + place),
  ]);
}

/** exp-normalised shares of log-probabilities. */
export function shares(logProbs: readonly number[]): number[] {
  const top = Math.max(...logProbs);
  const weights = logProbs.map((logProb) => Math.exp(logProb - top));
  const sum = weights.reduce((total, weight) => total + weight, 0);
  return weights.map((weight) => weight / sum);
}

/**
 * The decoded tokens with the swallowed zero put back where the decoder finds it likeliest, when it is sure
 * enough of the place; else the tokens as they were. `encoded`: the encoder's output for `audio`, when the
 * decoding that wrote the tokens already has it.
 */
export async function withSwallowedZero(
  sessions: Sessions,
  model: MoonshineModel,
  audio: Float32Array,
  decoded: DecodedTokens,
  encoded?: Ort.Tensor,
): Promise<DecodedTokens> {
  const pieces = decoded.tokens.map((token) => sessions.tokenizer.vocabById[token] ?? '');
  const group = shortNumberGroup(pieces);
  const zero = sessions.tokenizer.vocabById.indexOf('0');
  if (group === null || zero < 0) return decoded;
  const placements = zeroPlacements(decoded.tokens, group, zero);
  const hidden = encoded ?? (await encodeAudio(sessions, audio));
  const scores = await continuationLogProbs(
    sessions,
    model,
    hidden,
    decoded.tokens.slice(0, group),
    placements.map((tokens) => tokens.slice(group)),
  );
  const share = shares(scores);
  const best = share.indexOf(Math.max(...share));
  const sure = share[best] ?? 0;
  if (sure < SWALLOWED_ZERO_SURE || best === placements.length - 1) return decoded;
  const at = group + best;
  return {
    tokens: placements[best] ?? decoded.tokens,
    logProbs: [...decoded.logProbs.slice(0, at), Math.log(sure), ...decoded.logProbs.slice(at)],
  };
}

/**
 * The log-probability the decoder gives each suffix (and the end token after it) once it has read `prefix`
 * against the audio: the prefix is read once, and each suffix goes on from the same keys and values.
 */
async function continuationLogProbs(
  sessions: Sessions,
  model: MoonshineModel,
  hidden: Ort.Tensor,
  prefix: readonly number[],
  suffixes: readonly (readonly number[])[],
): Promise<number[]> {
  const { ort, decoder } = sessions;
  const step = async (past: Record<string, Ort.Tensor>, token: number, first: boolean) => {
    const output = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(token)]), [1, 1]),
      encoder_hidden_states: hidden,
      use_cache_branch: new ort.Tensor('bool', [!first], [1]),
      ...past,
    });
    const next: Record<string, Ort.Tensor> = { ...past };
    for (const [name, tensor] of Object.entries(output)) {
      if (!name.startsWith('present.')) continue;
      // The encoder's keys and values are computed at the first step and stay the same after it.
      if (!first && name.includes('.encoder.')) continue;
      next[name.replace('present.', 'past_key_values.')] = tensor;
    }
    return { logits: output.logits!.data as Float32Array, past: next };
  };
  let state = await step(emptyPast(ort, model), START_TOKEN, true);
  for (const token of prefix) state = await step(state.past, token, false);
  const read = state;
  const scores: number[] = [];
  for (const suffix of suffixes) {
    let current = read;
    let total = 0;
    for (const token of [...suffix, END_TOKEN]) {
      total += logProbability(current.logits, token);
      if (token !== END_TOKEN) current = await step(current.past, token, false);
    }
    scores.push(total);
  }
  return scores;
}
