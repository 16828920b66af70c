import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, type Synthesized, synthesize } from './fixture';

type Violation = { ruleName: string; severity: string; violatingConstructs?: { constructPath: string }[] };
type Report = { pluginReports: { pluginName: string; conclusion: string; violations: Violation[] }[] };

let app: Synthesized;
let error: unknown;
beforeAll(() => {
  try {
    // With the site deployment too, so the helper functions CDK adds for it are checked as well.
    app = synthesize({ nag: true, withSite: true });
  } catch (e) {
    error = e;
  }
});
afterAll(() => cleanUp(app));

describe('cdk-nag AwsSolutions checks', () => {
  it('find no unacknowledged error or warning in either stack', () => {
    expect(error, String(error)).toBeUndefined();
    const reportFile = path.join(app.assembly.directory, 'validation-report.json');
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
    const findings = report.pluginReports.flatMap((r) =>
      r.violations.map(
        (v) =>
          `${v.severity} ${v.ruleName} at ${v.violatingConstructs?.map((c) => c.constructPath).join(', ')}`,
      ),
    );
    expect(findings).toEqual([]);
  });

  it('acknowledge each finding with a reason, never a whole rule for a whole stack', () => {
    const acknowledgements = [app.stateful, app.stateless].flatMap((stack) =>
      stack.node
        .findAll()
        .flatMap((c) =>
          c.node.metadata
            .filter((m) => m.type === 'aws:cdk:acknowledged-rules')
            .map((m) => ({ path: c.node.path, data: m.data as Record<string, string> })),
        ),
    );
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { path: at, data } of acknowledgements) {
      expect(at.split('/').length, `acknowledged at ${at}`).toBeGreaterThan(1);
      for (const [id, reason] of Object.entries(data)) {
        expect(id).toMatch(/^(Annotation::)?AwsSolutions-[A-Z]+\d+/);
        expect(reason.length, `${id} at ${at}`).toBeGreaterThan(40);
      }
    }
  });
});

describe('the stateless template', () => {
  it('has no dependency cycle (the distribution, the API and the functions that need the site URL)', () => {
    const template = app.appTemplate.toJSON() as {
      Resources: Record<string, { DependsOn?: string | string[] }>;
    };
    const ids = new Set(Object.keys(template.Resources));
    const edges = new Map<string, Set<string>>();
    for (const [id, resource] of Object.entries(template.Resources)) {
      const deps = new Set<string>([resource.DependsOn ?? []].flat());
      collectReferences(resource, deps);
      edges.set(id, new Set([...deps].filter((d) => ids.has(d) && d !== id)));
    }
    expect(findCycle(edges)).toBeUndefined();
  });
});

function collectReferences(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) collectReferences(v, into);
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string') into.add(v);
      else if (key === 'Fn::GetAtt') into.add(typeof v === 'string' ? v.split('.')[0]! : (v as string[])[0]!);
      else if (key === 'Fn::Sub') {
        const text = typeof v === 'string' ? v : (v as [string])[0];
        for (const m of text.matchAll(/\$\{([A-Za-z0-9]+)[.}]/g)) into.add(m[1]!);
        collectReferences(v, into);
      } else collectReferences(v, into);
    }
  }
}

function findCycle(edges: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}
