/**
 * Bundle size and cold-start import time of every function, before and after issue 7, in one run: the
 * baseline's lambdas/ is taken from git (BENCH_BASELINE, default the commit issue 7 started from) and bundled
 * with its own settings (source maps with every source inlined); the current code with lib/'s BUNDLING. Each
 * bundle is imported in a fresh Node process the way Lambda starts it (tracing on; source maps loaded for the
 * baseline, which set NODE_OPTIONS=--enable-source-maps), 7 times; the median is reported. Goal: every
 * function under 1 MB and 150 ms.
 *
 * Run: npm run bench -- bundles
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { ENV } from '../lambdas/composition/env-names';
import { BUNDLING, PROJECT_ROOT } from '../lib/constructs/project-function';
import { BUNDLE_BUDGET_BYTES } from '../lib/release';
import { machineLine, writeSection } from './report';

const BASELINE = process.env.BENCH_BASELINE ?? '4972470';
const RUNS = 7;
const INIT_GOAL_MS = 150;

/**
 * Every variable any handler (old or new) reads, with a value of the right shape: the functions' own by their
 * names in lambdas/composition/env-names.ts; Lambda's, Powertools', the engines' and the baseline's
 * SECRETS_BACKEND as written.
 */
const ENVIRONMENT: Record<string, string> = {
  AWS_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  POWERTOOLS_SERVICE_NAME: 'voice-summary-bench',
  POWERTOOLS_METRICS_NAMESPACE: 'VoiceSummary',
  POWERTOOLS_LOG_LEVEL: 'INFO',
  [ENV.SERVICE_NAME]: 'Voice Summary',
  [ENV.SIGNUPS_TABLE]: 'signups',
  [ENV.MESSAGES_TABLE]: 'messages',
  [ENV.SETTINGS_TABLE]: 'settings',
  [ENV.OPT_OUTS_TABLE]: 'opt-outs',
  [ENV.SENDER_PREFERENCES_TABLE]: 'sender-preferences',
  [ENV.AUDIO_BUCKET]: 'audio',
  SECRETS_BACKEND: 'aws',
  [ENV.OPENAI_API_KEY_SECRET_ARN]: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:openai',
  [ENV.TWILIO_AUTH_TOKEN_SECRET_ARN]: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:twilio',
  [ENV.JWT_ISSUER]: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_pool',
  [ENV.JWT_JWKS_URI]: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_pool/.well-known/jwks.json',
  [ENV.JWT_CLIENT_ID]: 'client',
  [ENV.ADMIN_GROUP]: 'admins',
  [ENV.ALLOWED_ORIGINS]: 'https://example.cloudfront.net',
  [ENV.CONTACT_EMAIL]: 'support@example.com',
  [ENV.SITE_URL]: 'https://example.cloudfront.net',
  [ENV.PUBLIC_WEBHOOK_URL]: 'https://example.cloudfront.net/api/receive-message',
  [ENV.STATE_MACHINE_ARN]: 'arn:aws:states:us-east-1:123456789012:stateMachine:pipeline',
  FFMPEG_PATH: '/opt/bin/ffmpeg',
  FFPROBE_PATH: '/opt/bin/ffprobe',
  // The functions added since issue 7 read these too (the team, consents, counters, limits, links, live list).
  [ENV.USER_POOL_ID]: 'us-east-1_pool',
  [ENV.SIGNUP_CONSENTS_TABLE]: 'signup-consents',
  [ENV.COUNTERS_TABLE]: 'counters',
  [ENV.SENT_TEXTS_TABLE]: 'sent-texts',
  [ENV.USAGE_TABLE]: 'usage',
  [ENV.UPLOAD_CODES_TABLE]: 'upload-codes',
  [ENV.CARD_LINKS_TABLE]: 'card-links',
  // Issue 33's forwarded calls.
  [ENV.FORWARDING_NUMBERS_TABLE]: 'forwarding-numbers',
  [ENV.CALLS_TABLE]: 'calls',
  [ENV.TRANSCRIPT_RETENTION_DAYS]: '30',
  [ENV.AUDIO_RETENTION_DAYS]: '7',
  [ENV.ORIGIN_VERIFY_SECRET]: 'origin-verify-secret-of-the-bench',
  [ENV.DEFAULT_PHONE_NUMBER]: '+14155550100',
  [ENV.SMS_STATUS_URL]: 'https://example.cloudfront.net/api/sms-status',
  [ENV.EVENTS_HTTP_ENDPOINT]: 'https://example.appsync-api.us-east-1.amazonaws.com/event',
  [ENV.ADMIN_EMAILS]: 'admin@example.com',
  [ENV.SITE_URL_PARAMETER]: '/voice-summary/site-url',
};

type Measured = {
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly mapBytes: number;
  /** As deployed: the baseline with --enable-source-maps, the current code without. */
  readonly initMs: number;
  /** The current code with --enable-source-maps turned on (what an operator pays to read stack traces). */
  readonly initWithMapsMs: number | null;
};

/**
 * The handler entries of a lambdas/ tree (a file that exports `handler`), as `handlers/...` without extension,
 * at any depth: handlers sit in folders named for what calls them (admin/, public/, pipeline/...) since issue 30.
 */
function entries(lambdasDir: string): string[] {
  const root = path.join(lambdasDir, 'handlers');
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => /^export const handler\b/m.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .map((file) => `handlers/${file.slice(0, -3)}`)
    .sort();
}

/**
 * A function's row, the same before and after issue 30 moved the HTTP, trigger and scheduled handlers into
 * folders by caller: `list-messages`, `pipeline/mark-failed`.
 */
const functionName = (entry: string) =>
  entry.replace(/^handlers\//, '').replace(/^(admin|public|cognito|appsync|scheduled)\//, '');

/** The aliases lib/'s BUNDLING gives esbuild (`--alias:<module>`): the credential chain Lambda does not need. */
const BUNDLING_ALIASES: Record<string, string> = Object.fromEntries(
  Object.entries(BUNDLING.esbuildArgs ?? {}).flatMap(([flag, target]) =>
    flag.startsWith('--alias:') && typeof target === 'string'
      ? [[flag.slice('--alias:'.length), target]]
      : [],
  ),
);

async function bundle(entry: string, outdir: string, sourcesContent: boolean): Promise<string> {
  const outfile = path.join(outdir, 'index.mjs');
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLING.target,
    mainFields: [...(BUNDLING.mainFields ?? [])],
    minify: true,
    sourcemap: 'linked',
    sourcesContent,
    banner: { js: BUNDLING.banner ?? '' },
    // As deployed: the current code with lib/'s aliases; the baseline had none.
    ...(sourcesContent ? {} : { alias: BUNDLING_ALIASES }),
    logLevel: 'error',
  });
  return outfile;
}

/** Median milliseconds to import the bundle in a fresh Node process (module evaluation included). */
function initTime(file: string, sourceMaps: boolean): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH ?? '',
        ...ENVIRONMENT,
        ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
      },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`Importing ${file} failed:\n${result.stderr}`);
    times.push(Number(result.stdout));
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function measureTree(lambdasDir: string, outRoot: string, baseline: boolean) {
  const results = new Map<string, Measured>();
  for (const entry of entries(lambdasDir)) {
    const outdir = path.join(outRoot, entry.replaceAll('/', '_'));
    // The baseline inlined every source in its maps and always loaded them; the current code does neither.
    const file = await bundle(path.join(lambdasDir, `${entry}.ts`), outdir, baseline);
    const code = fs.readFileSync(file);
    results.set(functionName(entry), {
      bytes: code.byteLength,
      gzipBytes: gzipSync(code).byteLength,
      mapBytes: fs.statSync(`${file}.map`).size,
      initMs: initTime(file, baseline),
      initWithMapsMs: baseline ? null : initTime(file, true),
    });
  }
  return results;
}

export async function benchBundles(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundles-'));
  try {
    // The baseline's sources, resolved against this checkout's node_modules.
    const baselineRoot = path.join(work, 'baseline');
    fs.mkdirSync(baselineRoot);
    const archive = execFileSync('git', ['archive', BASELINE, 'lambdas'], {
      cwd: PROJECT_ROOT,
      maxBuffer: 1 << 28,
    });
    execFileSync('tar', ['-x', '-C', baselineRoot], { input: archive });
    fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(baselineRoot, 'node_modules'));
    const baselineCommit = execFileSync('git', ['rev-parse', '--short', BASELINE], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    }).trim();
    const currentCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    }).trim();

    console.log(`Bundling and importing the baseline (${baselineCommit})...`);
    const before = await measureTree(path.join(baselineRoot, 'lambdas'), path.join(work, 'out-before'), true);
    console.log('Bundling and importing the current code...');
    const after = await measureTree(path.join(PROJECT_ROOT, 'lambdas'), path.join(work, 'out-after'), false);

    const kb = (n: number) => `${(n / 1000).toFixed(0)} kB`;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    const rows = [...new Set([...before.keys(), ...after.keys()])].sort().map((entry) => {
      const b = before.get(entry);
      const a = after.get(entry);
      const meets = a ? (a.bytes < BUNDLE_BUDGET_BYTES && a.initMs < INIT_GOAL_MS ? 'yes' : 'no') : '';
      return `| ${entry} | ${b ? kb(b.bytes) : '-'} | ${a ? kb(a.bytes) : '-'} | ${b ? kb(b.gzipBytes) : '-'} | ${a ? kb(a.gzipBytes) : '-'} | ${b ? `${b.initMs.toFixed(0)} ms` : '-'} | ${a ? `${a.initMs.toFixed(0)} ms` : '-'} | ${a && b ? ratio(a.bytes, b.bytes) : ''} | ${a && b ? ratio(a.initMs, b.initMs) : ''} | ${meets} |`;
    });
    const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    type NumberKey = 'bytes' | 'gzipBytes' | 'mapBytes' | 'initMs';
    const maxOf = (m: Map<string, Measured>, key: NumberKey) =>
      Math.max(...[...m.values()].map((v) => v[key]));
    const medianOf = (m: Map<string, Measured>, key: NumberKey) => median([...m.values()].map((v) => v[key]));
    const withMaps = median([...after.values()].map((v) => v.initWithMapsMs ?? 0));

    await writeSection(
      'bundles',
      `## Function bundles and cold-start import time (issue 7)

${machineLine()}. Each handler bundled with esbuild as CDK bundles it (ESM, minified, node24); the baseline
(\`${baselineCommit}\`, before issue 7) with its own source maps (every source inlined), the current code
(\`${currentCommit}\`) with \`sourcesContent: false\`. Init = median of ${RUNS} imports of the bundle, each in a
fresh Node ${process.versions.node} process with tracing on, as each is deployed: the baseline with
\`NODE_OPTIONS=--enable-source-maps\`, the current code without (module evaluation and the factories' work at
module scope; no network). Goal: under 1 MB and ${INIT_GOAL_MS} ms.

| Function | Bundle before | after | gzip before | after | Init before | after | Size ratio | Init ratio | Goal met |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---|
${rows.join('\n')}

Largest bundle: ${kb(maxOf(before, 'bytes'))} before, ${kb(maxOf(after, 'bytes'))} after. Median init:
${medianOf(before, 'initMs').toFixed(0)} ms before, ${medianOf(after, 'initMs').toFixed(0)} ms after. Largest source map:
${kb(maxOf(before, 'mapBytes'))} before, ${kb(maxOf(after, 'mapBytes'))} after. A function with no figures before
did not exist at the baseline (it is newer than issue 7); the medians are over each tree's own functions. Turning \`--enable-source-maps\` on for the current
code (to read mapped stack traces) costs: median init ${withMaps.toFixed(0)} ms instead of
${medianOf(after, 'initMs').toFixed(0)} ms. The baseline's init includes reading its own source map (about 21 MB, every
source inlined) under \`--enable-source-maps\`, which it always set; the rest is compiling and evaluating 5 MB of
code (every adapter, the whole twilio SDK and all of zod).`,
    );
    console.log(rows.join('\n'));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBundles();
