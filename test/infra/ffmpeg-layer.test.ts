import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterEach, describe, expect, it } from 'vitest';
import { FFMPEG_PACKAGES, FfmpegLayer } from '../../lib/constructs/ffmpeg-layer';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Builds the layer in a throwaway app with bundling on, using `pack` instead of the npm registry. */
function buildLayer(pack: (spec: string, destination: string) => void) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-layer-test-'));
  dirs.push(outdir);
  const app = new App({ outdir });
  const stack = new Stack(app, 'LayerTest');
  const layer = new FfmpegLayer(stack, 'Ffmpeg', { pack });
  const assetDir = fs
    .readdirSync(outdir)
    .map((d) => path.join(outdir, d))
    .find((d) => fs.existsSync(path.join(d, 'bin')));
  return { stack, layer, assetDir: assetDir! };
}

/** A fake `npm pack`: a tarball with package/<binary> like the real packages have. */
function fakePack(spec: string, destination: string) {
  const binary = Object.entries(FFMPEG_PACKAGES).find(([, p]) => spec === `${p.name}@${p.version}`)?.[0];
  if (!binary) throw new Error(`unexpected ${spec}`);
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-pack-'));
  dirs.push(src);
  fs.mkdirSync(path.join(src, 'package'));
  fs.writeFileSync(path.join(src, 'package', binary), `#!/bin/sh\necho ${binary}\n`, { mode: 0o644 });
  execFileSync('tar', ['-czf', path.join(destination, 'pkg.tgz'), '-C', src, 'package']);
}

describe('the ffmpeg layer', () => {
  it('puts executable ffmpeg and ffprobe from the npm packages in bin/ (/opt/bin in Lambda)', () => {
    const { assetDir } = buildLayer(fakePack);
    for (const binary of ['ffmpeg', 'ffprobe']) {
      const file = path.join(assetDir, 'bin', binary);
      expect(fs.readFileSync(file, 'utf8')).toContain(`echo ${binary}`);
      expect(fs.statSync(file).mode & 0o777).toBe(0o755);
    }
  });

  it('still synthesizes offline, with a stub that fails loudly and a warning saying so', () => {
    const { stack, assetDir } = buildLayer(() => {
      throw new Error('ENOTFOUND registry');
    });
    expect(fs.readFileSync(path.join(assetDir, 'bin', 'ffmpeg'), 'utf8')).toContain('exit 127');
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('Could not fetch @ffmpeg-installer'));
  });
});
