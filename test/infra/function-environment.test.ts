/**
 * Each function gets only the variables its handler reads: every function's handler module is imported the
 * way Lambda starts it (cold start: its factories read their configuration at module scope), with exactly the
 * variables the synthesized template gives it, and every read is recorded. A variable given but never read,
 * or one read but not given when required, fails here.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRACER_PRIVACY } from '../../lib/constructs/project-function';
import { type CfnResourceJson, cleanUp, resourcesOf, type Synthesized, synthesize } from './fixture';

/** Read by Node itself, or by Powertools' tracer, which loads only in Lambda (observability.ts). */
const RUNTIME_VARIABLES = new Set(['NODE_OPTIONS', ...Object.keys(TRACER_PRIVACY)]);

let app: Synthesized;
beforeAll(() => {
  app = synthesize({ withSite: true });
});
afterAll(() => cleanUp(app));

/** A value of the right shape for a variable whose real value is a CloudFormation token. */
function stand_in(name: string): string {
  if (/URL|URI|ISSUER|ENDPOINT/.test(name)) return `https://example.com/${name.toLowerCase()}`;
  if (name === 'ALLOWED_ORIGINS') return 'https://example.com';
  if (name === 'CONTACT_EMAIL') return 'support@example.com';
  if (name.endsWith('_PARAMETER')) return `/example/${name.toLowerCase()}`;
  if (name.endsWith('_ARN')) return `arn:aws:secretsmanager:us-east-1:123456789012:secret:${name}`;
  return `value-of-${name.toLowerCase()}`;
}

function environmentOf(fn: string, trigger = false): Record<string, string> {
  const stack = trigger ? app.stateful : app.stateless;
  const construct = (trigger ? app.stateful.triggers.functions : app.stateless.functions).get(fn)!;
  const id = stack.getLogicalId(construct.node.defaultChild as never);
  const template = trigger ? app.data : app.appTemplate;
  const resource: CfnResourceJson = resourcesOf(template, 'AWS::Lambda::Function')[id]!;
  const variables = resource.Properties.Environment.Variables as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : stand_in(name),
    ]),
  );
}

/** Imports the handler with only `given` (and the region Lambda sets) as its environment; returns what it read. */
async function variablesReadAtColdStart(entry: string, given: Record<string, string>): Promise<Set<string>> {
  const read = new Set<string>();
  const environment = { AWS_REGION: 'us-east-1', ...given };
  const recording = new Proxy(environment, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return Reflect.get(target, name);
    },
    has(target, name) {
      if (typeof name === 'string') read.add(name);
      return Reflect.has(target, name);
    },
  });
  const original = process.env;
  vi.resetModules();
  process.env = recording as NodeJS.ProcessEnv;
  try {
    await import(entry);
  } finally {
    process.env = original;
  }
  return read;
}

describe('each function’s environment', () => {
  it('holds only variables its handler reads at cold start, and everything it requires', async () => {
    const unused: string[] = [];
    const functions = [
      ...[...app.stateless.functions.keys()].map((fn) => ({ fn, trigger: false })),
      ...[...app.stateful.triggers.functions.keys()].map((fn) => ({ fn, trigger: true })),
    ];
    for (const { fn, trigger } of functions) {
      const entry = (trigger ? app.stateful.triggers.functions : app.stateless.functions).get(fn)!.entryFile;
      const given = environmentOf(fn, trigger);
      // Throws (and fails the test) when a required variable is missing.
      const read = await variablesReadAtColdStart(entry, given);
      for (const name of Object.keys(given)) {
        if (!RUNTIME_VARIABLES.has(name) && !read.has(name)) unused.push(`${fn}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
