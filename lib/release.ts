/**
 * What `npm run build` reports and `npm run deploy` checks in a synthesized cloud assembly (cdk.out): each
 * function's bundle against its budget, and whether the ffmpeg layer is the real one or the offline stub.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { STUB_MARKER } from './constructs/ffmpeg-layer';

/** Every function's minified bundle stays below this (the ffmpeg layer aside): cold starts load all of it. */
export const BUNDLE_BUDGET_BYTES = 1_000_000;

/** One function's bundle in the assembly. */
export type BundleSize = {
  /** The function's construct path, e.g. `VoiceSummary-dev-App/MarkProcessingFunction`. */
  readonly fn: string;
  readonly assetDir: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Bytes of the source map; no source text is embedded in it. */
  readonly mapBytes: number;
  readonly hasMetafile: boolean;
};

type Resource = { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> };
type Template = { Resources?: Record<string, Resource> };

/** Every stack template of the assembly in `dir`. */
function templates(dir: string): Template[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.template.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Template);
}

/** The asset directory a resource's code comes from (`<hash>.zip` -> `asset.<hash>`), if it is staged. */
function assetDirOf(dir: string, code: unknown): string | null {
  const key = (code as { S3Key?: unknown } | undefined)?.S3Key;
  if (typeof key !== 'string' || !key.endsWith('.zip')) return null;
  const assetDir = path.join(dir, `asset.${key.slice(0, -'.zip'.length)}`);
  return fs.existsSync(assetDir) ? assetDir : null;
}

/** The project's functions (those bundled from lambdas/: an index.mjs) with their sizes. */
export function bundleSizes(dir: string): BundleSize[] {
  const sizes: BundleSize[] = [];
  for (const template of templates(dir)) {
    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const assetDir = assetDirOf(dir, resource.Properties?.Code);
      if (!assetDir || !fs.existsSync(path.join(assetDir, 'index.mjs'))) continue;
      const code = fs.readFileSync(path.join(assetDir, 'index.mjs'));
      const map = path.join(assetDir, 'index.mjs.map');
      sizes.push({
        fn: String(resource.Metadata?.['aws:cdk:path'] ?? assetDir).replace(/\/Resource$/, ''),
        assetDir,
        bytes: code.byteLength,
        gzipBytes: gzipSync(code).byteLength,
        mapBytes: fs.existsSync(map) ? fs.statSync(map).size : 0,
        hasMetafile: fs.existsSync(path.join(assetDir, 'index.meta.json')),
      });
    }
  }
  return sizes.sort((a, b) => a.fn.localeCompare(b.fn));
}

/** The ffmpeg layers of the assembly whose binaries are the stub written when the registry was unreachable. */
export function stubLayers(dir: string): string[] {
  const stubs: string[] = [];
  for (const template of templates(dir)) {
    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::LayerVersion') continue;
      const assetDir = assetDirOf(dir, resource.Properties?.Content);
      if (!assetDir) continue;
      for (const binary of ['ffmpeg', 'ffprobe']) {
        const file = path.join(assetDir, 'bin', binary);
        if (!fs.existsSync(file)) continue;
        const head = fs.readFileSync(file).subarray(0, 256).toString('latin1');
        if (head.includes(STUB_MARKER)) stubs.push(file);
      }
    }
  }
  return stubs;
}

/** Why this assembly must not be deployed, one line each; empty when it may be. */
export function deployBlockers(dir: string): string[] {
  const blockers: string[] = [];
  if (stubLayers(dir).length > 0) {
    blockers.push(
      'the ffmpeg layer is a stub (the npm registry could not be reached at synth): run npm run deploy again with network access.',
    );
  }
  const sizes = bundleSizes(dir);
  if (sizes.length === 0) blockers.push(`no bundled functions in ${dir}: synthesize with bundling first.`);
  for (const size of sizes) {
    if (size.bytes >= BUNDLE_BUDGET_BYTES) {
      blockers.push(`${size.fn} bundles to ${kb(size.bytes)}, over the ${kb(BUNDLE_BUDGET_BYTES)} budget.`);
    }
  }
  return blockers;
}

/** Bytes as kB (1,000 bytes), the unit the budget is set in. */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(0)} kB`;
}

/** The sizes as a table for the terminal. */
export function formatBundleSizes(sizes: readonly BundleSize[]): string {
  const width = Math.max(...sizes.map((s) => s.fn.length), 8);
  const lines = sizes.map(
    (s) =>
      `${s.fn.padEnd(width)}  ${kb(s.bytes).padStart(7)}  ${kb(s.gzipBytes).padStart(7)} gzip  ${s.bytes < BUNDLE_BUDGET_BYTES ? 'ok' : 'OVER BUDGET'}`,
  );
  return [`${'Function'.padEnd(width)}  ${'bundle'.padStart(7)}  ${'gzip'.padStart(7)}`, ...lines].join('\n');
}
