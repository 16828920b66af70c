/**
 * Moonshine's decoding of one piece of audio: the encoder once, then the decoder token by token, greedy (the
 * likeliest token each step), with the sender's words as a bias when given. Split from the transcriber
 * (moonshine-transcriber.ts), which cuts the recording into pieces and turns tokens into words.
 */
import type * as Ort from 'onnxruntime-node';
import { endsInDigit, meridiemSpellings, spelledLogProb } from '#core/transcripts/meridiem-spellings';
import type { ScoredToken } from '#core/transcripts/token-words';
import type { BiasState, VocabularyBias } from './contextual-bias';
import type { MoonshineModel } from './moonshine-model';
import { SAMPLE_RATE } from './speech-audio';

/** The decoder starts from this token and stops at that one. */
export const START_TOKEN = 1;
export const END_TOKEN = 2;
/** Greedy decoding stops after this many tokens per second of audio (speech is 2-4; loops run on forever). */
const TOKENS_PER_SECOND = 6;

/** Llama's SentencePiece vocabulary, which Moonshine writes in (an ES module: `require` gives its namespace). */
export type Tokenizer = typeof import('llama-tokenizer-js')['default'];

export type Sessions = {
  readonly ort: typeof Ort;
  readonly encoder: Ort.InferenceSession;
  readonly decoder: Ort.InferenceSession;
  readonly tokenizer: Tokenizer;
};

/** The tokens chosen for a piece and the log-probability the decoder gave each. */
export type DecodedTokens = { readonly tokens: readonly number[]; readonly logProbs: readonly number[] };

export type DecodeOptions = {
  /** Forbid the end token at the first step (the piece sounds like speech and the model said nothing). */
  readonly forbidEndFirst: boolean;
  readonly bias: VocabularyBias | null;
};

/** Greedy decoding of `audio` (16 kHz floats); `encoded`, the encoder's output for it when already at hand. */
export async function decodeGreedy(
  sessions: Sessions,
  model: MoonshineModel,
  audio: Float32Array,
  { forbidEndFirst, bias }: DecodeOptions,
  encoded?: Ort.Tensor,
): Promise<DecodedTokens> {
  const { ort, decoder } = sessions;
  const hidden = encoded ?? (await encodeAudio(sessions, audio));
  const past = emptyPast(ort, model);
  const maxTokens = maxTokensFor(audio);
  const tokens: number[] = [];
  const logProbs: number[] = [];
  let previous = START_TOKEN;
  let matching: BiasState = bias?.initial ?? [];
  for (let step = 0; step < maxTokens; step++) {
    const output = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(previous)]), [1, 1]),
      encoder_hidden_states: hidden,
      use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
      ...past,
    });
    const logits = output.logits!.data as Float32Array;
    const skip = step === 0 && forbidEndFirst ? END_TOKEN : -1;
    const next = bias ? bias.choose(logits, matching, skip) : argMax(logits, skip);
    if (next === END_TOKEN) break;
    // A word the sender gave is expected here: the honesty rule reads its likelihood with the bonus.
    const bonus = bias ? bias.bonus(matching, next) : 0;
    if (bias) matching = bias.advance(matching, next);
    // "8pm" beside "8 p.m." and "8 PM": the doubt between spellings is the writing's (core/transcripts/meridiem-spellings.ts).
    const heard = spelledLogProb(
      {
        piece: sessions.tokenizer.vocabById[next] ?? '',
        logProb: logProbability(logits, next),
        afterDigit: endsInDigit(sessions.tokenizer.vocabById[tokens.at(-1) ?? -1]),
      },
      spellingsOf(sessions.tokenizer),
      (id) => logProbability(logits, id),
    );
    tokens.push(next);
    logProbs.push(Math.min(0, heard + bonus));
    previous = next;
    for (const [name, tensor] of Object.entries(output)) {
      if (!name.startsWith('present.')) continue;
      // The encoder's keys and values are computed at the first step and stay the same after it.
      if (step > 0 && name.includes('.encoder.')) continue;
      past[name.replace('present.', 'past_key_values.')] = tensor;
    }
  }
  return { tokens, logProbs };
}

/** The encoder's output for `audio` (16 kHz floats), batch 1. */
export async function encodeAudio(sessions: Sessions, audio: Float32Array): Promise<Ort.Tensor> {
  const { last_hidden_state: hidden } = await sessions.encoder.run({
    input_values: new sessions.ort.Tensor('float32', audio, [1, audio.length]),
  });
  return hidden!;
}

/** The key/value cache before the first step: every layer's, empty. */
export function emptyPast(ort: typeof Ort, model: MoonshineModel): Record<string, Ort.Tensor> {
  const { layers, heads, headSize } = model;
  const empty = new ort.Tensor('float32', new Float32Array(0), [1, heads, 0, headSize]);
  const past: Record<string, Ort.Tensor> = {};
  for (let layer = 0; layer < layers; layer++) {
    for (const part of ['decoder', 'encoder']) {
      for (const kind of ['key', 'value']) past[`past_key_values.${layer}.${part}.${kind}`] = empty;
    }
  }
  return past;
}

/** At most this many tokens for a piece of audio. */
export const maxTokensFor = (audio: Float32Array) =>
  Math.max(4, Math.ceil((audio.length / SAMPLE_RATE) * TOKENS_PER_SECOND));

/** The ids spelling "a.m." and "p.m." in a tokenizer's vocabulary, worked out once per tokenizer. */
const spellingsByTokenizer = new WeakMap<Tokenizer, ReturnType<typeof meridiemSpellings>>();
export function spellingsOf(tokenizer: Tokenizer): ReturnType<typeof meridiemSpellings> {
  let spellings = spellingsByTokenizer.get(tokenizer);
  if (!spellings) {
    spellings = meridiemSpellings(tokenizer.vocabById);
    spellingsByTokenizer.set(tokenizer, spellings);
  }
  return spellings;
}

/** log-softmax of the logits at `index`: how sure the decoder was of the token it chose. */
export function logProbability(logits: Float32Array, index: number): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const value of logits) if (value > max) max = value;
  let sum = 0;
  for (const value of logits) sum += Math.exp(value - max);
  return logits[index]! - max - Math.log(sum);
}

/** The index of the largest logit of the last position, never `skip`. */
function argMax(logits: Float32Array, skip: number): number {
  let best = -1;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < logits.length; index++) {
    const value = logits[index]!;
    if (value > bestValue && index !== skip) {
      bestValue = value;
      best = index;
    }
  }
  return best;
}

const BYTE_PIECE = /^<0x([0-9A-F]{2})>$/;
const utf8 = new TextEncoder();

/**
 * The tokens as bytes, each with its log-probability, as the tokenizer decodes them: a piece's "▁" is a
 * space, a byte piece (`<0x0A>`) its byte. Moonshine writes Llama's SentencePiece pieces; ids past that
 * vocabulary (none in practice) and the control tokens are dropped.
 */
export function scoredTokens(
  tokenizer: Tokenizer,
  tokens: readonly number[],
  logProbs: readonly number[],
): ScoredToken[] {
  const scored: ScoredToken[] = [];
  for (const [index, token] of tokens.entries()) {
    if (token <= END_TOKEN || token >= tokenizer.vocabById.length) continue;
    const piece = tokenizer.vocabById[token]!;
    const byte = BYTE_PIECE.exec(piece);
    const bytes = byte ? [Number.parseInt(byte[1]!, 16)] : utf8.encode(piece.replaceAll('▁', ' '));
    scored.push({ bytes, logProb: logProbs[index]! });
  }
  return scored;
}
