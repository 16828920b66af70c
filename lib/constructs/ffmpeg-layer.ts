import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Annotations, AssetHashType, DockerImage, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { PROJECT_ROOT } from './project-function';

/** The npm packages the binaries come from, pinned so a synth is repeatable. */
export const FFMPEG_PACKAGES = {
  ffmpeg: { name: '@ffmpeg-installer/linux-arm64', version: '4.1.4' },
  ffprobe: { name: '@ffprobe-installer/linux-arm64', version: '5.2.0' },
} as const;

/** The first line after the shebang of a stub binary: how the deploy guard (lib/release.ts) recognizes one. */
export const STUB_MARKER = '# voice-summary: stub written offline, not ffmpeg';

/** Where the binaries are inside the Lambda environment (layers are unpacked to /opt). */
export const FFMPEG_ENVIRONMENT = {
  FFMPEG_PATH: '/opt/bin/ffmpeg',
  FFPROBE_PATH: '/opt/bin/ffprobe',
} as const;

/** Props of {@link FfmpegLayer}. */
export interface FfmpegLayerProps {
  /**
   * Packs the npm packages; replaceable in tests.
   * @default `npm pack <name>@<version>` (uses npm's cache when offline)
   */
  readonly pack?: (spec: string, destination: string) => void;
}

/**
 * A Lambda layer with static ARM64 `ffmpeg` and `ffprobe` in `/opt/bin`, taken from npm tarballs at synth
 * time (no Docker, no download from anywhere but the npm registry). When the registry is unreachable the
 * synth still succeeds with a stub layer and a warning, so `cdk synth` works offline (and tests need no
 * registry); `npm run deploy` refuses an assembly whose layer is a stub (lib/release.ts).
 */
export class FfmpegLayer extends Construct {
  public readonly layer: LayerVersion;

  constructor(scope: Construct, id: string, props: FfmpegLayerProps = {}) {
    super(scope, id);
    const pack = props.pack ?? npmPack;
    const warn = (message: string) =>
      Annotations.of(this).addWarningV2('voice-summary:ffmpeg-offline', message);

    this.layer = new LayerVersion(this, 'Layer', {
      description: `ffmpeg ${FFMPEG_PACKAGES.ffmpeg.version} and ffprobe ${FFMPEG_PACKAGES.ffprobe.version} (static, arm64) in /opt/bin`,
      compatibleArchitectures: [Architecture.ARM_64],
      removalPolicy: RemovalPolicy.DESTROY,
      code: Code.fromAsset(path.join(PROJECT_ROOT, 'lib', 'layers', 'ffmpeg'), {
        // Hashed by what was built, and rebuilt at every synth: a stub written offline into cdk.out is never
        // reused once the registry answers again (with a source hash, CDK would keep the stub's directory).
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Only used if local bundling declines, which it never does: it either builds or writes the stub.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24'),
          local: {
            tryBundle(outputDir) {
              buildLayer(outputDir, pack, warn);
              return true;
            },
          },
        },
      }),
    });
  }
}

function npmPack(spec: string, destination: string): void {
  // Prefer npm's cache; when offline, give up after one quick retry instead of npm's minute of back-off.
  const args = ['pack', spec, '--prefer-offline', '--silent', '--pack-destination', destination];
  args.push('--fetch-retries=1', '--fetch-retry-mintimeout=1000', '--fetch-retry-maxtimeout=2000');
  execFileSync('npm', args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  });
}

function buildLayer(
  outputDir: string,
  pack: (spec: string, destination: string) => void,
  warn: (message: string) => void,
): void {
  const binDir = path.join(outputDir, 'bin');
  fs.mkdirSync(binDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-layer-'));
  try {
    for (const [binary, pkg] of Object.entries(FFMPEG_PACKAGES)) {
      const target = path.join(binDir, binary);
      try {
        const dir = fs.mkdtempSync(path.join(work, `${binary}-`));
        pack(`${pkg.name}@${pkg.version}`, dir);
        const tarball = fs.readdirSync(dir).find((f) => f.endsWith('.tgz'));
        if (!tarball) throw new Error(`npm pack ${pkg.name} produced no tarball`);
        execFileSync('tar', ['-xzf', tarball], { cwd: dir });
        fs.copyFileSync(path.join(dir, 'package', binary), target);
      } catch (error) {
        const reason = failureReason(error);
        warn(
          `Could not fetch ${pkg.name}@${pkg.version} (${reason}): the layer holds a stub ${binary} that fails. ` +
            'Synthesize again with network access before deploying.',
        );
        fs.writeFileSync(
          target,
          `#!/bin/sh\n${STUB_MARKER}\necho "${binary} is a stub: the layer was built offline" >&2\nexit 127\n`,
        );
      }
      fs.chmodSync(target, 0o755);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The last line npm printed (e.g. `npm error code ENOTFOUND`), or the error's own message. */
function failureReason(error: unknown): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  const lastLine = stderr.split('\n').filter(Boolean).pop();
  return lastLine ?? (error instanceof Error ? error.message.split('\n')[0]! : String(error));
}
