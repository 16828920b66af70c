/**
 * X-Ray keeps a trace 30 days and nothing deletes it, so no function's tracer may record what a handler answers
 * (a message's transcript, a signed audio link, team emails) or an error's words: every function of both
 * stacks that runs Powertools has its tracer's capture switches off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, resourcesOf, type Synthesized, synthesize } from './fixture';

let app: Synthesized;
beforeAll(() => {
  app = synthesize({ withSite: true });
});
afterAll(() => cleanUp(app));

describe('tracing', () => {
  it('never records a response or an error message, in any function of either stack', () => {
    const functions = [app.data, app.appTemplate].flatMap((template) =>
      Object.entries(resourcesOf(template, 'AWS::Lambda::Function')),
    );
    const traced = functions.filter(
      ([, f]) =>
        f.Properties.TracingConfig?.Mode === 'Active' ||
        f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME !== undefined,
    );
    // Every project function (routes, pipeline steps, events, the live check, the user pool's triggers).
    expect(traced.length).toBe(app.stateless.functions.size + app.stateful.triggers.functions.size);
    const capturing = traced
      .filter(([, f]) => {
        const variables = f.Properties.Environment?.Variables ?? {};
        return (
          variables.POWERTOOLS_TRACER_CAPTURE_RESPONSE !== 'false' ||
          variables.POWERTOOLS_TRACER_CAPTURE_ERROR !== 'false'
        );
      })
      .map(([id]) => id);
    expect(capturing).toEqual([]);
  });
});
