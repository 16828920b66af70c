/** Synthesizes the CDK app for the infra tests: fixed stage, no bundling (fast, no esbuild, no npm pack). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { HttpRoute } from '../../lambdas/http/routes';
import { PROJECT_ROOT } from '../../lib/constructs/project-function';
import { createApp, type VoiceSummaryApp } from '../../lib/create-app';
import type { StageConfig } from '../../lib/stage-config';

export const TEST_STAGE: StageConfig = {
  stage: 'test',
  serviceName: 'Voice Summary',
  contactEmail: 'support@example.com',
  allowedOrigins: ['http://localhost:5173'],
  audioRetentionDays: 30,
  transcriptRetentionDays: 90,
  adminEmails: ['owner@example.com'],
  logRetentionDays: 30,
  transcriptionModel: 'base',
  account: '123456789012',
  region: 'us-east-1',
};

export type SynthOptions = {
  readonly routes?: readonly HttpRoute[];
  /** Write a tiny built frontend so the site deployment is part of the app. */
  readonly withSite?: boolean;
  readonly nag?: boolean;
  /**
   * Bundle every function for real (esbuild, as `npm run synth` does), with the ffmpeg layer built offline
   * (a stub); otherwise bundling is skipped, which is much faster.
   */
  readonly bundle?: boolean;
  /**
   * The region the app is deployed to.
   * @default TEST_STAGE.region (us-east-1, where the site's web ACL lives in the app stack)
   */
  readonly region?: string;
};

export type Synthesized = VoiceSummaryApp & {
  readonly assembly: CloudAssembly;
  readonly outdir: string;
  readonly data: Template;
  readonly appTemplate: Template;
};

/** Builds and synthesizes the app once; templates come from the one assembly. */
export function synthesize(options: SynthOptions = {}): Synthesized {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'voice-summary-infra-'));
  let siteAssetsDir = path.join(outdir, 'no-site');
  if (options.withSite) {
    siteAssetsDir = path.join(outdir, 'site');
    fs.mkdirSync(siteAssetsDir);
    fs.writeFileSync(path.join(siteAssetsDir, 'index.html'), '<!doctype html><title>Voice Summary</title>');
    // A hashed script as Vite writes it, with the source map a build with maps on would leave beside it.
    fs.mkdirSync(path.join(siteAssetsDir, 'assets'));
    fs.writeFileSync(path.join(siteAssetsDir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(siteAssetsDir, 'assets', 'index-abc123.js.map'), '{"version":3}');
  }
  const built = createApp({
    outdir: path.join(outdir, 'cdk.out'),
    stage: { ...TEST_STAGE, region: options.region ?? TEST_STAGE.region },
    nag: options.nag ?? false,
    routes: options.routes,
    // Routes whose handler is not written yet (bundling is skipped, so any existing file will do).
    routeEntry: (fn) => {
      const real = ['admin', 'public']
        .map((access) => path.join(PROJECT_ROOT, 'lambdas', 'handlers', access, `${fn}.ts`))
        .find((file) => fs.existsSync(file));
      return real ?? path.join(PROJECT_ROOT, 'lambdas', 'handlers', 'public', 'health.ts');
    },
    siteAssetsDir,
    ...(options.bundle
      ? {
          ffmpegLayer: {
            pack: () => {
              throw new Error('no registry in tests');
            },
          },
        }
      : { context: { 'aws:cdk:bundling-stacks': [] } }),
  });
  const assembly = built.app.synth();
  return {
    ...built,
    assembly,
    outdir,
    data: Template.fromJSON(assembly.getStackByName(built.stateful.stackName).template),
    appTemplate: Template.fromJSON(assembly.getStackByName(built.stateless.stackName).template),
  };
}

/** Removes what {@link synthesize} wrote. */
export function cleanUp(synthesized: Synthesized | undefined): void {
  if (synthesized) fs.rmSync(synthesized.outdir, { recursive: true, force: true });
}

/** A resource of a synthesized template (CloudFormation JSON is untyped; tests index into it freely). */
// biome-ignore lint/suspicious/noExplicitAny: template JSON has no static type
export type CfnResourceJson = { Properties: Record<string, any> };

/** Every resource of a type in a synthesized template, keyed by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, CfnResourceJson> {
  return template.findResources(type) as Record<string, CfnResourceJson>;
}
