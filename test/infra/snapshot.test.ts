import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanUp, type Synthesized, synthesize } from './fixture';

/** Asset hashes (64 hex digits) change with every code edit; the snapshot is about the infrastructure. */
const ASSET_HASH = /[0-9a-f]{64}/g;

expect.addSnapshotSerializer({
  test: (value) => typeof value === 'string' && /[0-9a-f]{64}/.test(value),
  serialize: (value: string, config, indentation, depth, refs, printer) =>
    printer(value.replace(ASSET_HASH, '[ASSET HASH]'), config, indentation, depth, refs),
});

let app: Synthesized;
beforeAll(() => {
  app = synthesize({ withSite: true });
});
afterAll(() => cleanUp(app));

it('keeps both templates as reviewed (update with `npx vitest run --project infra -u` after a deliberate change)', () => {
  expect(app.data.toJSON()).toMatchSnapshot('stateful');
  expect(app.appTemplate.toJSON()).toMatchSnapshot('stateless');
});
