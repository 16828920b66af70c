import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultProvider } from '../../lambdas/adapters/aws/clients/lambda-credentials';

describe('the credentials every bundled function uses', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('are the execution role’s, from the environment Lambda sets', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIAEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'session');
    const credentials = await defaultProvider()();
    expect(credentials).toMatchObject({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'session',
    });
  });

  it('fail in one line when the environment has none, instead of trying other sources', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    await expect(defaultProvider()()).rejects.toThrow(/environment/i);
  });
});
