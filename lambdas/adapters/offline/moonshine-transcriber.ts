/**
 * Offline transcription with Moonshine (an open English speech model made for small devices), run in this
 * process by onnxruntime-node: the same code on a workstation and in Lambda. ffmpeg decodes any accepted
 * format to 16 kHz mono PCM; a voice-activity detector (Silero) finds the speech, which is cut at its pauses
 * into pieces of at most 20 s (longer silences left out); each piece goes through the encoder once and the decoder
 * token by token (greedy, moonshine-decoder.ts, or a beam search, moonshine-beam.ts), and its words are placed over its speech (issue 32). See
 * docs/local-transcription.md.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import { DependencyMissingError, NoSpeechError, NotEnglishError } from '#core/messages/pipeline-errors';
import { type HeardWord, transcriptOf } from '#core/transcripts/heard-words';
import { correctWordsSpelling, type Phonetics } from '#core/transcripts/spelling-correction';
import { tokenWords, wordsFromTokens } from '#core/transcripts/token-words';
import {
  judgeTranscript,
  signalsSummary,
  type TranscriptSignals,
  transcriptSignals,
} from '#core/transcripts/transcript-quality';
import { lowQualityWarning, POSSIBLY_UNRELIABLE } from '#core/transcripts/transcript-warnings';
import { normalizeVocabulary } from '#core/transcripts/vocabulary';
import { type BeamConfidence, combinedConfidence, wordPosteriors } from '#core/transcripts/word-posterior';
import { placeWords } from '#core/transcripts/word-times';
import type { AudioInput, Transcriber, Transcription, VocabularyHints } from '../../ports/transcriber';
import { doubleMetaphonePhonetics } from '../phonetic/double-metaphone-phonetics';
import { type BiasWeights, everydayWords, VocabularyBias } from './contextual-bias';
import { type LocalEngineConfig, localEngineConfigFromEnv } from './engine-config';
import { FfmpegAudioTools } from './ffmpeg-audio-tools';
import { type BeamResult, decodeBeams } from './moonshine-beam';
import {
  type DecodeOptions,
  decodeGreedy,
  encodeAudio,
  type Sessions,
  scoredTokens,
  type Tokenizer,
} from './moonshine-decoder';
import {
  defaultModelDir,
  fetchHint,
  MOONSHINE_MODELS,
  type MoonshineModel,
  missingModelFiles,
} from './moonshine-model';
import { Semaphore } from './semaphore';
import { SileroVad } from './silero-vad';
import { hasSpeechEnergy, pcmSamples, SAMPLE_RATE, splitAtQuietPoints, toFloat32 } from './speech-audio';
import { piecesAtPauses, type SpeechPiece, speechStretches } from './speech-pieces';
import { withSwallowedZero } from './swallowed-zero';

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
    | 'ffmpegPath'
    | 'ffprobePath'
    | 'moonshineModel'
    | 'moonshineModelDir'
    | 'moonshineThreads'
    | 'moonshineBeams'
    | 'beamConfidence'
  >
> & {
  /**
   * How a sender's words are used: biasing the decoder toward them, correcting the transcript by sound, or
   * both (the default; bench/spell.ts compares them). Weights override the decoder's bonuses.
   */
  readonly vocabulary?: { readonly bias?: boolean | BiasWeights; readonly phonetic?: boolean };
  readonly phonetics?: Phonetics;
  /** How the audio is prepared and cut (issue 32; bench/hearing.ts compares the choices). */
  readonly hearing?: Partial<HearingOptions>;
  /** Told each piece's words as the beams heard them (bench/beam-calibration.ts reads both confidences). */
  readonly onBeamWords?: (words: readonly BeamWord[]) => void;
};

/** A word of the best hypothesis with its token confidence and its posterior among the hypotheses. */
export type BeamWord = { readonly text: string; readonly token: number; readonly posterior: number };

/** How the audio is prepared and cut before the model, and how words get their times (issue 32). */
export type HearingOptions = {
  /**
   * At the pauses a voice-activity detector finds with up to 1 s of quiet kept around the speech (the
   * default) or none ('pauses-tight'), or at the quietest points of 12-20 s (before issue 32).
   */
  readonly pieces: 'pauses' | 'pauses-tight' | 'quiet-points';
  /** Each word at the start of its piece (before issue 32), or where it was said in the piece (the default). */
  readonly wordTimes: 'piece-start' | 'spoken';
  /** ffmpeg audio filters applied while decoding (null: none). */
  readonly cleanup: string | null;
  /**
   * Put back the "oh" a greedy decoding swallowed from a callback number ("616-555-138"), where the decoder
   * finds it likeliest (swallowed-zero.ts; the default). Not with beams, whose hypotheses say how sure a word is.
   */
  readonly swallowedZero: boolean;
};

export const DEFAULT_HEARING: HearingOptions = {
  pieces: 'pauses',
  wordTimes: 'spoken',
  cleanup: null,
  swallowedZero: true,
};

/** Transcriber for when no OpenAI key is saved: English, on this machine or in the Transcribe function. */
export class MoonshineTranscriber implements Transcriber {
  readonly model: MoonshineModel;
  readonly modelDir: string;
  private readonly threads: number;
  private readonly audioTools: FfmpegAudioTools;
  private readonly vocabularyUse: NonNullable<MoonshineOptions['vocabulary']>;
  private readonly phonetics: Phonetics;
  private readonly hearing: HearingOptions;
  private readonly beams: number;
  private readonly beamConfidence: BeamConfidence;
  private readonly onBeamWords: MoonshineOptions['onBeamWords'];

  constructor(options: MoonshineOptions = {}) {
    this.hearing = { ...DEFAULT_HEARING, ...options.hearing };
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
    this.beams = options.moonshineBeams ?? fromEnv.moonshineBeams;
    this.beamConfidence = options.beamConfidence ?? fromEnv.beamConfidence;
    this.onBeamWords = options.onBeamWords;
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
      filters: this.hearing.cleanup,
    });
    const samples = pcmSamples(pcm);
    const decoded = await cpuSlots.run(async () => {
      const out: Decoded[] = [];
      for (const piece of await this.piecesOf(sessions, samples))
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

  /** The pieces to decode: cut at the pauses the voice-activity detector finds, or at quiet points. */
  private async piecesOf(sessions: Sessions, samples: Int16Array): Promise<SpeechPiece[]> {
    if (this.hearing.pieces === 'quiet-points') {
      return splitAtQuietPoints(samples).map((piece) => ({ ...piece, speech: [piece] }));
    }
    const vad = await SileroVad.load(sessions.ort, this.threads);
    const probabilities = await vad.speechProbabilities(samples);
    const stretches = speechStretches(probabilities, samples.length);
    return piecesAtPauses(
      stretches,
      samples,
      SAMPLE_RATE,
      this.hearing.pieces === 'pauses-tight' ? 0 : undefined,
    );
  }

  private async transcribePiece(
    sessions: Sessions,
    samples: Int16Array,
    piece: SpeechPiece,
    bias: VocabularyBias | null,
  ): Promise<Decoded> {
    const input = toFloat32(samples, piece);
    let decoded = await this.decode(sessions, input, { forbidEndFirst: false, bias });
    // Empty output is usually right (silence, a tone). When the piece sounds like speech, the model missed it:
    // forbidding the end token at the first step makes it say what it heard (on silence that gives "You").
    if (decoded.best.tokens.length === 0 && hasSpeechEnergy(samples, piece)) {
      decoded = await this.decode(sessions, input, { forbidEndFirst: true, bias });
    }
    const seconds = (at: number) => Math.round((at / SAMPLE_RATE) * 100) / 100;
    const { best } = decoded;
    let words = wordsFromTokens(
      scoredTokens(sessions.tokenizer, best.tokens, best.logProbs),
      seconds(piece.start),
    );
    if (decoded.nBest.length > 1) words = this.withPosteriors(sessions, words, decoded);
    const spans = piece.speech.map((span) => ({ start: seconds(span.start), end: seconds(span.end) }));
    return {
      words: this.hearing.wordTimes === 'spoken' ? placeWords(words, spans) : words,
      logProbs: best.logProbs,
    };
  }

  /** Greedy (one hypothesis, as before beams) or the beam search's survivors, best first. */
  private async decode(sessions: Sessions, input: Float32Array, options: DecodeOptions): Promise<BeamResult> {
    if (this.beams > 1) return decodeBeams(sessions, this.model, input, options, this.beams);
    // The encoder runs once: a swallowed "oh" is looked for against the same output the decoding read.
    const encoded = await encodeAudio(sessions, input);
    const heard = await decodeGreedy(sessions, this.model, input, options, encoded);
    const greedy = this.hearing.swallowedZero
      ? await withSwallowedZero(sessions, this.model, input, heard, encoded)
      : heard;
    const only = { ...greedy, total: 0, normalised: 0 };
    return { best: only, nBest: [only] };
  }

  /** The best hypothesis's words, each confidence joined with the hypotheses' agreement on the word. */
  private withPosteriors(sessions: Sessions, words: HeardWord[], decoded: BeamResult): HeardWord[] {
    // Weighed as they were ranked: by log-probability per token, over the best's length. Their raw totals
    // would give nearly all the weight to one that stopped early (a piece's hypotheses measured 0.01 for
    // every word of the best while it held them all).
    const length = decoded.best.tokens.length + 1;
    const hypotheses = decoded.nBest.map((hypothesis) => ({
      words: tokenWords(scoredTokens(sessions.tokenizer, hypothesis.tokens, hypothesis.logProbs)).map(
        (w) => w.text,
      ),
      total: hypothesis.normalised * length,
    }));
    const posteriors = wordPosteriors(hypotheses, decoded.nBest.indexOf(decoded.best));
    this.onBeamWords?.(
      words.map((word, at) => ({ text: word.text, token: word.confidence, posterior: posteriors[at] ?? 1 })),
    );
    return words.map((word, at) => ({
      ...word,
      confidence: combinedConfidence(word.confidence, posteriors[at] ?? 1, this.beamConfidence),
    }));
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
