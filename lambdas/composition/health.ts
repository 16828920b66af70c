/**
 * The parts /api/health asks: the database, the audio bucket and the sign-in service's keys, and, where the
 * host has offline engines (the local runtime), whether they are installed while no OpenAI key is saved.
 */
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { HealthProbe } from '../use-cases/health';
import { documentClient } from './clients/dynamodb';
import { s3Client } from './clients/s3';
import { ENV } from './env-names';
import { hostAdapters } from './host';
import { once } from './once';
import { readEnv, required } from './read-env';
import { secretStore } from './secrets';

export const healthProbes = once((): HealthProbe[] => {
  const env = readEnv('the health check', {
    [ENV.SETTINGS_TABLE]: required,
    [ENV.AUDIO_BUCKET]: required,
    [ENV.JWT_JWKS_URI]: z.url(),
  });
  const db = documentClient();
  const s3 = s3Client();
  const probes: HealthProbe[] = [
    {
      name: 'database',
      check: async () => {
        await db.send(new GetCommand({ TableName: env.SETTINGS_TABLE, Key: { id: 'app' } }));
      },
    },
    {
      name: 'storage',
      check: async () => {
        await s3.send(new HeadBucketCommand({ Bucket: env.AUDIO_BUCKET }));
      },
    },
    {
      name: 'auth',
      check: async () => {
        const response = await fetch(env.JWT_JWKS_URI, { signal: AbortSignal.timeout(3_000) });
        if (!response.ok) throw new Error(`sign-in keys answered ${response.status}`);
      },
    },
  ];
  const engines = hostAdapters().dependencyCheck;
  if (engines) {
    const secrets = secretStore(['openai_api_key']);
    probes.push({
      // Only while the offline engines are the transcriber (no OpenAI key saved): say exactly what is missing.
      name: 'transcription',
      check: async () => {
        if (await secrets.get('openai_api_key')) return;
        const missing = (await engines.check()).filter((d) => !d.ok);
        if (missing.length) {
          throw new Error(`missing ${missing.map((d) => `${d.name} (${d.fix ?? 'install it'})`).join(', ')}`);
        }
      },
    });
  }
  return probes;
});
