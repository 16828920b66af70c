/** Both secret stores: the local file (mode 0600, atomic) and Secrets Manager (SDK mocked at the client). */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretsManagerSecretStore } from '../../lambdas/adapters/aws/secrets-manager-secret-store';
import { FileSecretStore } from '../../local/adapters/file-secret-store';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'secrets-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file secret store (local runtime)', () => {
  it('keeps secrets in a file only its owner can read, and clears them on null', async () => {
    const path = join(dir, 'nested', 'secrets.json');
    const store = new FileSecretStore(path);
    expect(await store.get('openai_api_key')).toBeNull();
    await store.put('openai_api_key', 'sk-test-0123456789abcdef');
    await store.put('twilio_auth_token', 'f'.repeat(32));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await new FileSecretStore(path).get('openai_api_key')).toBe('sk-test-0123456789abcdef');
    await store.put('openai_api_key', null);
    expect(await store.get('openai_api_key')).toBeNull();
    expect(await store.get('twilio_auth_token')).toBe('f'.repeat(32));
    expect(await readFile(path, 'utf8')).not.toContain('sk-test');
  });

  it('says which file is broken and how to fix it instead of failing obscurely', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(path, '{not json');
    await expect(new FileSecretStore(path).get('openai_api_key')).rejects.toThrow(
      /broken\.json is not valid JSON/,
    );
  });
});

describe('Secrets Manager secret store', () => {
  const sm = mockClient(SecretsManagerClient);
  const arns = { openai_api_key: 'arn:openai', twilio_auth_token: 'arn:twilio' };
  beforeEach(() => sm.reset());

  it('reads the value from {"value": ...} and accepts a plain string put there by an operator', async () => {
    sm.on(GetSecretValueCommand, { SecretId: 'arn:openai' }).resolves({ SecretString: '{"value":"sk-abc"}' });
    sm.on(GetSecretValueCommand, { SecretId: 'arn:twilio' }).resolves({ SecretString: 'plain-token' });
    const store = new SecretsManagerSecretStore(new SecretsManagerClient({}), arns);
    expect(await store.get('openai_api_key')).toBe('sk-abc');
    expect(await store.get('twilio_auth_token')).toBe('plain-token');
  });

  it('treats a cleared or missing secret as not set', async () => {
    sm.on(GetSecretValueCommand, { SecretId: 'arn:openai' }).resolves({ SecretString: '{"value":null}' });
    sm.on(GetSecretValueCommand, { SecretId: 'arn:twilio' }).rejects(
      new ResourceNotFoundException({ message: 'gone', $metadata: {} }),
    );
    const store = new SecretsManagerSecretStore(new SecretsManagerClient({}), arns);
    expect(await store.get('openai_api_key')).toBeNull();
    expect(await store.get('twilio_auth_token')).toBeNull();
  });

  it('writes {"value": ...} and serves the new value at once, without another read', async () => {
    sm.on(PutSecretValueCommand).resolves({});
    const store = new SecretsManagerSecretStore(new SecretsManagerClient({}), arns);
    await store.put('openai_api_key', 'sk-new');
    expect(sm.commandCalls(PutSecretValueCommand)[0]?.args[0].input).toEqual({
      SecretId: 'arn:openai',
      SecretString: '{"value":"sk-new"}',
    });
    expect(await store.get('openai_api_key')).toBe('sk-new');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('reads again after the cache time, so a change made elsewhere is seen', async () => {
    let now = 0;
    sm.on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: '{"value":"old"}' })
      .resolves({ SecretString: '{"value":"new"}' });
    const store = new SecretsManagerSecretStore(new SecretsManagerClient({}), arns, () => now);
    expect(await store.get('openai_api_key')).toBe('old');
    now = 30_000;
    expect(await store.get('openai_api_key')).toBe('old');
    now = 61_000;
    expect(await store.get('openai_api_key')).toBe('new');
  });
});
