/**
 * Offline transcription with Moonshine (an open English speech model made for small devices), run in this
 * process by onnxruntime-node: the same code on a workstation and in Lambda. ffmpeg decodes any accepted
 * format to 16 kHz mono PCM; long audio is cut at quiet points into pieces of 12-20 s; each piece goes
 * through the encoder once and the decoder token by token (greedy). See docs/local-transcription.md.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import { DependencyMissingError, NoSpeechError, NotEnglishError } from '#core/messages/pipeline-errors';
import { type HeardWord, transcriptOf } from '#core/transcripts/heard-words';
import { correctWordsSpelling, type Phonetics } from '#core/transcripts/spelling-correction';
import { type ScoredToken, wordsFromTokens } from '#core/transcripts/token-words';
import {
  judgeTranscript,
  signalsSummary,
  type TranscriptSignals,
  transcriptSignals,
} from '#core/transcripts/transcript-quality';
import { lowQualityWarning, POSSIBLY_UNRELIABLE } from '#core/transcripts/transcript-warnings';
import { normalizeVocabulary } from '#core/transcripts/vocabulary';
import type { AudioInput, Transcriber, Transcription, VocabularyHints } from '../../ports/transcriber';
import { doubleMetaphonePhonetics } from '../phonetic/double-metaphone-phonetics';
import { type BiasState, type BiasWeights, everydayWords, VocabularyBias } from './contextual-bias';
import { type LocalEngineConfig, localEngineConfigFromEnv } from './engine-config';
import { FfmpegAudioTools } from './ffmpeg-audio-tools';
import {
  defaultModelDir,
  fetchHint,
  MOONSHINE_MODELS,
  type MoonshineModel,
  missingModelFiles,
} from './moonshine-model';
import { Semaphore } from './semaphore';
import {
  hasSpeechEnergy,
  type Piece,
  pcmSamples,
  SAMPLE_RATE,
  splitAtQuietPoints,
  toFloat32,
} from './speech-audio';

/** The decoder starts from this token and stops at that one. */
const START_TOKEN = 1;
const END_TOKEN = 2;
/** Greedy decoding stops after this many tokens per second of audio (speech is 2-4; loops run on forever). */
const TOKENS_PER_SECOND = 6;
/**
 * Audio below telephone quality (8 kHz) gets a warning. 8 kHz itself no longer does: Moonshine's word error
 * rate on 8 kHz AMR human speech is 7% (4% at 16 kHz), where pocketsphinx's was 88%.
 */
const LOW_QUALITY_BELOW_HZ = 8_000;

/** The message when onnxruntime-node or the tokenizer cannot be loaded (not installed, or no binary here). */
export const RUNTIME_MISSING =
  'cannot be loaded here: run npm ci (in Lambda the Moonshine layer provides it).';

/**
 * onnxruntime-node and the tokenizer are loaded with `require` at run time, never bundled: onnxruntime's
 * native binary must stay next to its JavaScript, and the tokenizer's vocabulary is 700 KB, most of a
 * function's bundle budget. In Lambda both come from the Moonshine layer (/opt/nodejs/node_modules, which
 * `require` searches through NODE_PATH and ESM `import` does not); locally from node_modules.
 */
function loadPackage<T>(name: string): T {
  const load = createRequire(import.meta.url);
  try {
    return load(name) as T;
  } catch (error) {
    throw new DependencyMissingError(
      `${name} ${RUNTIME_MISSING} (${(error as Error).message.split('\n')[0]})`,
    );
  }
}

/** Llama's SentencePiece vocabulary, which Moonshine writes in (an ES module: `require` gives its namespace). */
type Tokenizer = typeof import('llama-tokenizer-js')['default'];

type Sessions = {
  readonly ort: typeof Ort;
  readonly encoder: Ort.InferenceSession;
  readonly decoder: Ort.InferenceSession;
  readonly tokenizer: Tokenizer;
};

/** Sessions are made once per process (0.5-0.8 s) and shared by every transcriber on the same model. */
const loaded = new Map<string, Promise<Sessions>>();

async function loadSessions(dir: string, threads: number): Promise<Sessions> {
  const ort = loadPackage<typeof Ort>('onnxruntime-node');
  const tokenizer = loadPackage<{ default: Tokenizer }>('llama-tokenizer-js').default;
  const options: Ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  };
  const [encoder, decoder] = await Promise.all([
    ort.InferenceSession.create(join(dir, 'encoder_model.onnx'), options),
    ort.InferenceSession.create(join(dir, 'decoder_model_merged.onnx'), options),
  ]);
  return { ort, encoder, decoder, tokenizer };
}

/** One decoding at a time per core; more would only slow every one of them down. */
const cpuSlots = new Semaphore(availableParallelism());

export type MoonshineOptions = Partial<
  Pick<
    LocalEngineConfig,
    'ffmpegPath' | 'ffprobePath' | 'moonshineModel' | 'moonshineModelDir' | 'moonshineThreads'
  >
> & {
  /**
   * How a sender's words are used: biasing the decoder toward them, correcting the transcript by sound, or
   * both (the default; bench/spell.ts compares them). Weights override the decoder's bonuses.
   */
  readonly vocabulary?: { readonly bias?: boolean | BiasWeights; readonly phonetic?: boolean };
  readonly phonetics?: Phonetics;
};

/** Transcriber for when no OpenAI key is saved: English, on this machine or in the Transcribe function. */
export class MoonshineTranscriber implements Transcriber {
  readonly model: MoonshineModel;
  readonly modelDir: string;
  private readonly threads: number;
  private readonly audioTools: FfmpegAudioTools;
  private readonly vocabularyUse: NonNullable<MoonshineOptions['vocabulary']>;
  private readonly phonetics: Phonetics;

  constructor(options: MoonshineOptions = {}) {
    this.vocabularyUse = options.vocabulary ?? {};
    this.phonetics = options.phonetics ?? doubleMetaphonePhonetics;
    const fromEnv = localEngineConfigFromEnv();
    this.model = MOONSHINE_MODELS[options.moonshineModel ?? fromEnv.moonshineModel];
    // A model other than the configured one is looked for in its default folder.
    const otherModel =
      options.moonshineModel !== undefined && options.moonshineModel !== fromEnv.moonshineModel;
    this.modelDir =
      options.moonshineModelDir ??
      (otherModel ? defaultModelDir(this.model.size) : fromEnv.moonshineModelDir);
    this.threads = options.moonshineThreads ?? fromEnv.moonshineThreads;
    this.audioTools = new FfmpegAudioTools({
      ffmpegPath: options.ffmpegPath ?? fromEnv.ffmpegPath,
      ffprobePath: options.ffprobePath ?? fromEnv.ffprobePath,
    });
  }

  /** `moonshine-tiny` or `moonshine-base`: what the message records as its transcription engine. */
  get engine(): string {
    return `moonshine-${this.model.size}`;
  }

  async transcribe(audio: AudioInput, hints: VocabularyHints = {}): Promise<Transcription> {
    const probe = audio.known ?? (await this.audioTools.probe(audio.bytes));
    const warnings: string[] = [];
    if (probe.sampleRateHz !== null && probe.sampleRateHz < LOW_QUALITY_BELOW_HZ) {
      warnings.push(lowQualityWarning(probe.sampleRateHz / 1000));
    }
    const { text, words, signals, seconds } = await this.transcribeWithSignals(
      audio,
      probe.durationSeconds,
      hints.vocabulary,
    );
    if (text === '') throw new NoSpeechError();
    const verdict = judgeTranscript(signals);
    if (verdict === 'not-english') throw new NotEnglishError(signalsSummary(signals));
    if (verdict === 'doubtful') warnings.push(POSSIBLY_UNRELIABLE);
    return {
      text,
      words,
      engine: this.engine,
      language: 'en',
      durationSeconds: probe.durationSeconds ?? seconds,
      warnings,
    };
  }

  /**
   * The transcript, its words, and the signals the honesty rule reads, not yet judged (the calibration reads
   * them too).
   */
  async transcribeWithSignals(
    audio: AudioInput,
    durationSeconds: number | null = null,
    senderWords: readonly string[] = [],
  ): Promise<{ text: string; words: HeardWord[]; signals: TranscriptSignals; seconds: number }> {
    const sessions = await this.sessions();
    const vocabulary = normalizeVocabulary(senderWords);
    const bias = this.biasFor(sessions.tokenizer, vocabulary);
    const pcm = await this.audioTools.decodePcm16kMono(audio.bytes, {
      // ffmpeg decodes at hundreds of times real time; this only stops a hung process.
      timeoutMs: 30_000 + Math.ceil((durationSeconds ?? 600) * 1_000),
    });
    const samples = pcmSamples(pcm);
    const decoded = await cpuSlots.run(async () => {
      const out: Decoded[] = [];
      for (const piece of splitAtQuietPoints(samples))
        out.push(await this.transcribePiece(sessions, samples, piece, bias));
      return out;
    });
    const heard = decoded.flatMap((piece) => piece.words);
    const words =
      vocabulary.length > 0 && this.vocabularyUse.phonetic !== false
        ? correctWordsSpelling(heard, vocabulary, {
            phonetics: this.phonetics,
            isCommonWord: commonWords(sessions.tokenizer),
          })
        : heard;
    const text = transcriptOf(words);
    const seconds = samples.length / SAMPLE_RATE;
    const tokenLogProbs = decoded.flatMap((piece) => piece.logProbs);
    const signals = transcriptSignals({ text, tokenLogProbs, speechSeconds: seconds });
    return { text, words, signals, seconds };
  }

  /** Loads the model (once per process); says exactly what is missing when it cannot. */
  async sessions(): Promise<Sessions> {
    const key = `${this.modelDir}|${this.threads}`;
    let sessions = loaded.get(key);
    if (!sessions) {
      sessions = this.assertInstalled().then(() => loadSessions(this.modelDir, this.threads));
      loaded.set(key, sessions);
      // A failed load is not remembered: the next message tries again (after `npm ci`, say).
      sessions.catch(() => loaded.delete(key));
    }
    return sessions;
  }

  private async assertInstalled(): Promise<void> {
    const missing = await missingModelFiles(this.modelDir);
    if (missing.length > 0) {
      throw new DependencyMissingError(
        `The Moonshine ${this.model.size} model is missing (${missing.join(', ')} in ${this.modelDir}). Install it with: ${fetchHint(this.model.size)}`,
      );
    }
  }

  /** The decoder's bias toward the sender's words, unless there are none or biasing is off. */
  private biasFor(tokenizer: Tokenizer, vocabulary: readonly string[]): VocabularyBias | null {
    const use = this.vocabularyUse.bias ?? true;
    if (use === false || vocabulary.length === 0) return null;
    // Mid-sentence, as the decoder writes a word: with its leading "▁", no start-of-text token.
    const encode = (word: string) => tokenizer.encode(` ${word}`, false, false);
    return VocabularyBias.of(vocabulary, encode, use === true ? undefined : use);
  }

  private async transcribePiece(
    sessions: Sessions,
    samples: Int16Array,
    piece: Piece,
    bias: VocabularyBias | null,
  ): Promise<Decoded> {
    const input = toFloat32(samples, piece);
    const at = Math.round((piece.start / SAMPLE_RATE) * 100) / 100;
    const decoded = await this.decode(sessions, input, false, bias, at);
    // Empty output is usually right (silence, a tone). When the piece sounds like speech, the model missed it:
    // forbidding the end token at the first step makes it say what it heard (on silence that gives "You").
    if (decoded.words.length === 0 && hasSpeechEnergy(samples, piece)) {
      return this.decode(sessions, input, true, bias, at);
    }
    return decoded;
  }

  private async decode(
    sessions: Sessions,
    audio: Float32Array,
    forbidEndFirst: boolean,
    bias: VocabularyBias | null,
    at: number,
  ): Promise<Decoded> {
    const { ort, encoder, decoder } = sessions;
    const { last_hidden_state: hidden } = await encoder.run({
      input_values: new ort.Tensor('float32', audio, [1, audio.length]),
    });
    const { layers, heads, headSize } = this.model;
    const empty = new ort.Tensor('float32', new Float32Array(0), [1, heads, 0, headSize]);
    const past: Record<string, Ort.Tensor> = {};
    for (let layer = 0; layer < layers; layer++) {
      for (const part of ['decoder', 'encoder']) {
        for (const kind of ['key', 'value']) past[`past_key_values.${layer}.${part}.${kind}`] = empty;
      }
    }
    const maxTokens = Math.max(4, Math.ceil((audio.length / SAMPLE_RATE) * TOKENS_PER_SECOND));
    const tokens: number[] = [];
    const logProbs: number[] = [];
    let previous = START_TOKEN;
    let matching: BiasState = bias?.initial ?? [];
    for (let step = 0; step < maxTokens; step++) {
      const output = await decoder.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(previous)]), [1, 1]),
        encoder_hidden_states: hidden!,
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
      tokens.push(next);
      logProbs.push(Math.min(0, logProbability(logits, next) + bonus));
      previous = next;
      for (const [name, tensor] of Object.entries(output)) {
        if (!name.startsWith('present.')) continue;
        // The encoder's keys and values are computed at the first step and stay the same after it.
        if (step > 0 && name.includes('.encoder.')) continue;
        past[name.replace('present.', 'past_key_values.')] = tensor;
      }
    }
    return { words: wordsFromTokens(scoredTokens(sessions.tokenizer, tokens, logProbs), at), logProbs };
  }
}

/** The tokenizer's everyday words, worked out once per tokenizer. */
const commonWordTests = new WeakMap<Tokenizer, (word: string) => boolean>();
function commonWords(tokenizer: Tokenizer): (word: string) => boolean {
  let test = commonWordTests.get(tokenizer);
  if (!test) {
    test = everydayWords(tokenizer.vocabById);
    commonWordTests.set(tokenizer, test);
  }
  return test;
}

/** One piece's words and the log-probability the decoder gave each token it chose. */
type Decoded = { readonly words: readonly HeardWord[]; readonly logProbs: readonly number[] };

/** log-softmax of the logits at `index`: how sure the decoder was of the token it chose. */
function logProbability(logits: Float32Array, index: number): number {
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
function scoredTokens(
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
