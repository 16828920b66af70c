/**
 * The benchmark's baseline: the service's former offline engine, Debian's pocketsphinx (0.8+5prealpha: the
 * `pocketsphinx_continuous` program) and its US English model. ffmpeg first turns any accepted format into
 * 16 kHz mono 16-bit PCM, which goes to pocketsphinx as a raw file; it prints one line per utterance it hears.
 * Moonshine replaced it in the service (docs/decisions/transcripts.md); `npm run bench -- transcription`
 * still measures it while it is installed (`sudo apt-get install pocketsphinx pocketsphinx-en-us`), so both
 * engines are compared on the same clips.
 */
import { constants } from 'node:fs';
import { access, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DependencyMissingError, NoSpeechError, PermanentError } from '#core/messages/pipeline-errors';
import { localEngineConfigFromEnv } from '../lambdas/adapters/offline/engine-config';
import { FfmpegAudioTools } from '../lambdas/adapters/offline/ffmpeg-audio-tools';
import { Semaphore } from '../lambdas/adapters/offline/semaphore';
import {
  installHint,
  lastLine,
  runProgram,
  which,
  withPrivateTempDir,
} from '../lambdas/adapters/offline/subprocess';
import type { AudioInput, Transcriber, Transcription } from '../lambdas/ports/transcriber';

/** Debian 12 ships pocketsphinx 0.8+5prealpha: `pocketsphinx_continuous`, not the 5.x `pocketsphinx` CLI. */
const POCKETSPHINX_PATH = process.env.POCKETSPHINX_PATH || 'pocketsphinx_continuous';
/** The folder pocketsphinx-en-us installs: `en-us/` (acoustic model), `en-us.lm.bin`, the dictionary. */
const POCKETSPHINX_MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us';
const APT_PACKAGES = { pocketsphinx: 'pocketsphinx', model: 'pocketsphinx-en-us' } as const;

/** The model files pocketsphinx needs, relative to the model folder. */
function modelPaths(modelDir: string): { hmm: string; lm: string; dict: string } {
  return {
    hmm: `${modelDir}/en-us`,
    lm: `${modelDir}/en-us.lm.bin`,
    dict: `${modelDir}/cmudict-en-us.dict`,
  };
}

/** Whether pocketsphinx and its model are installed here (the benchmark skips the baseline when not). */
export async function pocketsphinxInstalled(): Promise<boolean> {
  if (!(await which(POCKETSPHINX_PATH))) return false;
  try {
    await access(`${modelPaths(POCKETSPHINX_MODEL_DIR).hmm}/mdef`, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** 16 kHz x 2 bytes of mono PCM. */
const BYTES_PER_SECOND = 32_000;

/** Audio at or below this rate is telephone quality; the 16 kHz model recognizes it poorly. */
const LOW_QUALITY_MAX_HZ = 8_000;

/** Every subprocess gets 30 s plus twice the audio's length (pocketsphinx runs at about 0.2x real time here). */
export function timeoutForDuration(durationSeconds: number | null): number {
  // Unknown length (rare: raw AMR without a bitrate): allow for a 10-minute message.
  const seconds = durationSeconds ?? 600;
  return 30_000 + Math.ceil(seconds * 2_000);
}

export function lowQualityWarning(sampleRateHz: number): string {
  return `The audio is low quality (${sampleRateHz / 1000} kHz): the transcript may be unreliable.`;
}

/** pocketsphinx keeps one core busy per run: more runs than cores only makes every run slower. */
const cpuSlots = new Semaphore(availableParallelism());

/**
 * Speed settings on top of pocketsphinx's defaults. Capping active HMMs per frame at 3000 (default 30000)
 * cut the real-time factor from 0.24 to 0.19 with the same word error rate over 16 clips from 4 voices;
 * narrower beams, `-topn 2` and `-ds 2` were faster still but lost words (docs/benchmarks.md).
 */
export const DEFAULT_TUNING: readonly string[] = ['-maxhmmpf', '3000'];

export type PocketsphinxOptions = {
  readonly pocketsphinxPath?: string;
  readonly modelDir?: string;
  /** Replaces DEFAULT_TUNING (the benchmark compares settings with it); `[]` means pocketsphinx's defaults. */
  readonly tuningArgs?: readonly string[];
  /** Overrides the duration-scaled timeout of each subprocess (tests use a tiny one). */
  readonly timeoutMs?: number;
};

/** Transcriber for when no OpenAI key is configured: English only, runs on this machine. */
export class PocketsphinxTranscriber implements Transcriber {
  private readonly audioTools: FfmpegAudioTools;
  private readonly pocketsphinxPath: string;
  private readonly model: ReturnType<typeof modelPaths>;
  private readonly tuningArgs: readonly string[];
  private readonly timeoutMs: number | undefined;

  constructor(options: PocketsphinxOptions = {}) {
    const fromEnv = localEngineConfigFromEnv();
    this.audioTools = new FfmpegAudioTools({
      ffmpegPath: fromEnv.ffmpegPath,
      ffprobePath: fromEnv.ffprobePath,
    });
    this.pocketsphinxPath = options.pocketsphinxPath ?? POCKETSPHINX_PATH;
    this.model = modelPaths(options.modelDir ?? POCKETSPHINX_MODEL_DIR);
    this.tuningArgs = options.tuningArgs ?? DEFAULT_TUNING;
    this.timeoutMs = options.timeoutMs;
  }

  async transcribe(audio: AudioInput): Promise<Transcription> {
    const probe = audio.known ?? (await this.audioTools.probe(audio.bytes));
    const timeoutMs = this.timeoutMs ?? timeoutForDuration(probe.durationSeconds);
    const warnings: string[] = [];
    if (probe.sampleRateHz !== null && probe.sampleRateHz <= LOW_QUALITY_MAX_HZ) {
      warnings.push(lowQualityWarning(probe.sampleRateHz));
    }

    await this.assertModelInstalled();
    const pcm = await this.audioTools.decodePcm16kMono(audio.bytes, { timeoutMs });
    const utterances = await cpuSlots.run(() => this.recognize(pcm, timeoutMs));
    if (utterances.length === 0) throw new NoSpeechError();

    return {
      text: utterances.map(asSentence).join(' '),
      // The baseline's per-word scores are not read: only its text is compared.
      words: null,
      engine: 'pocketsphinx',
      language: 'en',
      // ffprobe cannot always tell (raw AMR without a bitrate); the decoded PCM always can.
      durationSeconds: probe.durationSeconds ?? pcm.byteLength / BYTES_PER_SECOND,
      warnings,
    };
  }

  /** The pocketsphinx command line (also printed by the benchmark and documented). */
  commandLine(): string[] {
    return [
      this.pocketsphinxPath,
      '-hmm',
      this.model.hmm,
      '-lm',
      this.model.lm,
      '-dict',
      this.model.dict,
      '-samprate',
      '16000',
      '-input_endian',
      'little',
      ...this.tuningArgs,
    ];
  }

  private async recognize(pcm: Buffer, timeoutMs: number): Promise<string[]> {
    // A file, not stdin: Node gives children a socket for stdin, and pocketsphinx cannot open /dev/stdin on one.
    const result = await withPrivateTempDir(async (dir) => {
      const input = join(dir, 'audio.raw');
      await writeFile(input, pcm, { mode: 0o600 });
      return this.run(['-infile', input], timeoutMs);
    });
    if (result.code !== 0) {
      const errorLine = result.stderr
        .split('\n')
        .filter((l) => /^(ERROR|FATAL)/.test(l))
        .at(-1);
      throw new PermanentError(
        `pocketsphinx failed: ${errorLine ?? (lastLine(result.stderr) || 'no detail')}`,
      );
    }
    return result.stdout
      .toString('utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  }

  /** Its log (several KB of model loading) goes to stderr, of which only the tail is kept, for errors. */
  private run(args: readonly string[], timeoutMs: number) {
    const [program, ...base] = this.commandLine() as [string, ...string[]];
    return runProgram(program, [...base, ...args], {
      timeoutMs,
      aptPackage: APT_PACKAGES.pocketsphinx,
      displayName: 'pocketsphinx',
      maxStdoutBytes: 16 * 1024 * 1024,
      maxStderrBytes: 16 * 1024,
    });
  }

  private async assertModelInstalled(): Promise<void> {
    try {
      await Promise.all([
        access(`${this.model.hmm}/mdef`, constants.R_OK),
        access(this.model.lm, constants.R_OK),
        access(this.model.dict, constants.R_OK),
      ]);
    } catch {
      throw new DependencyMissingError(
        `The pocketsphinx US English model is missing (looked in ${this.model.hmm}). Install it with: ${installHint(APT_PACKAGES.model)}`,
      );
    }
  }
}

/** pocketsphinx prints lower-case words with no punctuation: make each utterance read as a sentence. */
function asSentence(utterance: string): string {
  const words = utterance.replace(/\bi\b/g, 'I');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}
