/**
 * The app bundled for real, as `npm run synth` and `npm run deploy` bundle it (with the ffmpeg layer built
 * offline, so a stub): every function under its bundle budget with its metafile and a source map that holds no
 * source text, and the deploy guard refusing the stub layer in one line.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE_METADATA_FILE,
  PHONE_METADATA_SOURCE,
} from '../../lambdas/adapters/phone/libphonenumber-regions';
import { AUTH_TRIGGERS } from '../../lambdas/handlers/cognito/triggers';
import { PIPELINE_STEPS } from '../../lambdas/handlers/pipeline/pipeline-steps';
import { HTTP_ROUTES } from '../../lambdas/http/routes';
import { PROJECT_ROOT } from '../../lib/constructs/project-function';
import { BUNDLE_BUDGET_BYTES, bundleSizes, deployBlockers, stubLayers } from '../../lib/release';
import { EVENT_FUNCTIONS } from '../../lib/stateless-stack';
import { cleanUp, type Synthesized, synthesize } from './fixture';

let app: Synthesized;
beforeAll(() => {
  app = synthesize({ withSite: true, bundle: true });
}, 300_000);
afterAll(() => cleanUp(app));

const assembly = () => app.assembly.directory;

describe('every function’s bundle', () => {
  it('stays under the 1 MB budget (minified), one bundle per route function, pipeline step, job, user pool trigger and the subscribe check', () => {
    const sizes = bundleSizes(assembly());
    const expected = new Set([
      ...HTTP_ROUTES.map((r) => r.fn),
      ...Object.values(PIPELINE_STEPS).map((s) => s.fn),
      ...EVENT_FUNCTIONS,
      ...Object.values(AUTH_TRIGGERS).map((t) => t.fn),
      // The live list's onSubscribe check (AppSync calls it).
      'authorize-live-subscription',
    ]);
    expect(sizes).toHaveLength(expected.size);
    const over = sizes.filter((s) => s.bytes >= BUNDLE_BUDGET_BYTES).map((s) => `${s.fn}: ${s.bytes} bytes`);
    expect(over).toEqual([]);
  });

  it('keeps its esbuild metafile, and a source map with positions but no source text', () => {
    for (const size of bundleSizes(assembly())) {
      expect(size.hasMetafile, size.fn).toBe(true);
      const map = JSON.parse(fs.readFileSync(path.join(size.assetDir, 'index.mjs.map'), 'utf8')) as {
        sourcesContent?: unknown;
        mappings: string;
      };
      expect(map.sourcesContent, size.fn).toBeUndefined();
      // Linked, so --enable-source-maps maps stack traces in Lambda.
      expect(fs.readFileSync(path.join(size.assetDir, 'index.mjs'), 'utf8').trimEnd()).toMatch(
        /\/\/# sourceMappingURL=index\.mjs\.map$/,
      );
      expect(map.mappings.length).toBeGreaterThan(0);
    }
  });

  it('carries no local-only adapter (outbox, file secrets, pocketsphinx) and no twilio SDK REST client', () => {
    for (const size of bundleSizes(assembly())) {
      const meta = JSON.parse(fs.readFileSync(path.join(size.assetDir, 'index.meta.json'), 'utf8')) as {
        inputs: Record<string, unknown>;
      };
      const inputs = Object.keys(meta.inputs).join('\n');
      expect(inputs, size.fn).not.toMatch(
        /outbox-sms-sender|file-secret-store|pocketsphinx|local-dependency-check|twilio\/lib\/rest/,
      );
      // Nothing from the local runtime (local/ at the top of the repository).
      expect(inputs, size.fn).not.toMatch(/^local\//m);
      // Lambda's credentials come from its environment: none of the SDK's default chain (SSO, INI, IMDS, STS).
      expect(inputs, size.fn).not.toMatch(/credential-provider-(node|ini|sso|imds|login)|nested-clients/);
    }
  });

  it('carries the phone metadata as a file beside the code, not bundled, where a reply country is checked', () => {
    const source = fs.readFileSync(createRequire(import.meta.url).resolve(PHONE_METADATA_SOURCE));
    const checking: string[] = [];
    for (const size of bundleSizes(assembly())) {
      const inputs = Object.keys(
        (
          JSON.parse(fs.readFileSync(path.join(size.assetDir, 'index.meta.json'), 'utf8')) as {
            inputs: object;
          }
        ).inputs,
      ).join('\n');
      expect(inputs, size.fn).not.toContain('metadata.min.json');
      if (!inputs.includes('libphonenumber-regions')) continue;
      checking.push(size.fn);
      expect(fs.readFileSync(path.join(size.assetDir, PHONE_METADATA_FILE)).equals(source), size.fn).toBe(
        true,
      );
    }
    // The webhook (keyword answers), DecideReply, SendReply, MarkFailed (whose notice is a reply) and
    // Summarize (a callback number is stated only when valid). The sign-up texts nothing since issue 31.
    // A forwarded call's voice webhook ("forwarding works") and callbacks (missed calls) text, and so does the
    // forwarding numbers' daily job ("your forwarding may be off") (issue 33).
    expect(checking).toHaveLength(8);
  });
});

describe('npm run deploy', () => {
  it('refuses an assembly whose ffmpeg layer is the offline stub, in one line', () => {
    expect(stubLayers(assembly()).length).toBeGreaterThan(0);
    expect(deployBlockers(assembly())).toEqual([
      'the ffmpeg layer is a stub (the npm registry could not be reached at synth): run npm run deploy again with network access.',
    ]);
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['bin/deploy.ts', '--app', assembly()], {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr.trim().split('\n')).toEqual([
      'Not deploying: the ffmpeg layer is a stub (the npm registry could not be reached at synth): run npm run deploy again with network access.',
    ]);
  });

  it('lets the same assembly through once the layer holds real binaries', () => {
    for (const file of stubLayers(assembly())) {
      fs.writeFileSync(file, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64)]));
    }
    expect(deployBlockers(assembly())).toEqual([]);
  });
});
