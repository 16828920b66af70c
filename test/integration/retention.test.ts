/**
 * Retention on the local runtime, started as a person starts it: what the privacy policy states (from
 * /config.json) is what the runtime applies, and an expired message and its audio are gone after the sweep
 * that runs at start-up, as is the media Twilio (its fake, through the saved credentials) still held for a
 * message that was never fetched.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { S3AudioStore } from '../../lambdas/adapters/aws/s3-audio-store';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { saveSettings } from '../support/pipeline';

const DAY_MS = 24 * 60 * 60 * 1000;
const TWILIO = { accountSid: `AC${'ef'.repeat(16)}`, authToken: 'fake-twilio-auth-token-retention-01' };
let runtime: RunningRuntime;
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startFakeTwilio(TWILIO);
  runtime = await startLocalRuntime({ env: { AUDIO_RETENTION_DAYS: '7', TRANSCRIPT_RETENTION_DAYS: '60' } });
  await saveSettings(runtime, {
    twilio_account_sid: TWILIO.accountSid,
    twilio_auth_token: TWILIO.authToken,
  });
});

afterAll(async () => {
  await runtime?.dispose();
  await twilio?.close();
});

function message(id: string, ageDays: number): Message {
  return {
    id,
    created_at: new Date(Date.now() - ageDays * DAY_MS).toISOString(),
    sender: '+14155550123',
    phone_number: '+14155550123',
    audio_url: `audio/${id}.wav`,
    status: 'completed',
    summary: 'Call back.',
    transcript: 'Please call back.',
    error_message: null,
    reply_sent: true,
  };
}

describe('retention on the local runtime', () => {
  it('tells the site the periods it applies', async () => {
    const config = (await (await fetch(`${runtime.url}/config.json`)).json()) as { retention: unknown };
    expect(config.retention).toEqual({ audioDays: 7, transcriptDays: 60 });
  });

  it('deletes an expired message with its audio, and old audio, at the next start', async () => {
    const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
    const s3 = createS3Client({ region: 'us-east-1', endpoint: runtime.info.s3.endpoint });
    const messages = new DynamoMessageRepository(db, runtime.info.tables.messages);
    try {
      for (const [id, age] of [
        ['r-new', 1],
        ['r-week', 8],
        ['r-old', 61],
      ] as const) {
        await messages.create(message(id, age));
        await s3.send(
          new PutObjectCommand({ Bucket: runtime.info.s3.bucket, Key: `audio/${id}.wav`, Body: 'RIFF' }),
        );
      }
      // Past the daily limit, so never fetched: its media is still at Twilio.
      const held = twilio.addMedia({ bytes: Buffer.from('#!AMR\n'), contentType: 'audio/amr' });
      await messages.create({
        ...message('r-held', 8),
        audio_url: null,
        status: 'failed',
        media_url: held.url,
      });
      const { dataDir, port } = runtime.info;
      await runtime.stop();
      runtime = await startLocalRuntime({
        dataDir,
        port,
        env: { AUDIO_RETENTION_DAYS: '7', TRANSCRIPT_RETENTION_DAYS: '60' },
      });
      const restarted = createDocumentClient({
        region: 'us-east-1',
        endpoint: runtime.info.dynamodb.endpoint,
      });
      const s3After = createS3Client({ region: 'us-east-1', endpoint: runtime.info.s3.endpoint });
      const after = new DynamoMessageRepository(restarted, runtime.info.tables.messages);
      const audioAfter = new S3AudioStore(s3After, runtime.info.s3.bucket);
      await expect.poll(async () => after.get('r-old'), { timeout: 20_000 }).toBeNull();
      expect(await audioAfter.exists('audio/r-old.wav')).toBe(false);
      await expect.poll(async () => (await after.get('r-week'))?.audio_url, { timeout: 20_000 }).toBeNull();
      expect(await after.get('r-week')).toMatchObject({ transcript: 'Please call back.' });
      expect(await audioAfter.exists('audio/r-week.wav')).toBe(false);
      await expect.poll(async () => (await after.get('r-held'))?.media_url, { timeout: 20_000 }).toBeNull();
      expect(twilio.deletions.map((d) => d.mediaSid)).toEqual([held.mediaSid]);
      expect((await after.get('r-new'))?.audio_url).toBe('audio/r-new.wav');
      expect(await audioAfter.exists('audio/r-new.wav')).toBe(true);
      restarted.destroy();
      s3After.destroy();
    } finally {
      db.destroy();
      s3.destroy();
    }
  });
});
