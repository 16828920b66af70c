/**
 * Safe under abuse, end to end on the local runtime with the real `twilio` and `openai` SDKs against their local
 * fakes: the daily limit of voice messages, the countries replies may go to, opt-outs in any form (with media,
 * in the sender's own words, Twilio's 21610), a replayed webhook, and DELETE by text (only with its code).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPT_IN_CONFIRMATION, OPT_OUT_CONFIRMATION, VOICE_LIMIT_TEXT } from '#core/texts/service-texts';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { S3AudioStore } from '../../lambdas/adapters/aws/s3-audio-store';
import { VOICE_LIMIT_ERROR } from '../../lambdas/use-cases/inbound/voice-limit';
import type { FakeOpenAi } from '../support/fake-openai';
import type { FakeTwilio } from '../support/fake-twilio';
import type { RunningRuntime } from '../support/local-runtime';
import {
  deleteCodeIn,
  incomingForm,
  postWebhook,
  recentMessages,
  saveSettings,
  waitForMessage,
} from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { type Clip, SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const OPENAI_KEY = 'sk-test-fake-openai-key-0123456789abcdef';
const TWILIO = {
  accountSid: `AC${'cd'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-abuse-0123456',
  number: '+15005550006',
};

let openai: FakeOpenAi;
let twilio: FakeTwilio;
let runtime: RunningRuntime;
let providers: ProviderRuntime;
let db: ReturnType<typeof createDocumentClient>;
let clip: Clip;
const clips = new SpeechClips();

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: OPENAI_KEY,
    twilio: TWILIO,
    settings: {
      reply_mode: 'summary_only',
      auto_reply_enabled: true,
    },
  });
  ({ openai, twilio, runtime } = providers);
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  clip = await clips.clip({ sentence: SPEECH_CORPUS.find((s) => s.id === 'callback')!, format: 'm4a' });
}, 120_000);

afterAll(async () => {
  db?.destroy();
  await providers?.close();
  await clips.dispose();
});

/** A signed webhook as Twilio posts it. */
const post = (form: Record<string, string>) => postWebhook(runtime, form, { token: TWILIO.authToken });

/** A voice message from `from` (its media served by the Twilio fake); returns the message id. */
async function sendVoice(from: string, body = ''): Promise<{ id: string; form: Record<string, string> }> {
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from, body, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await post(form)).status).toBe(200);
  return { id: `${form.MessageSid}-0`, form };
}

async function sendText(from: string, body: string, extra: Record<string, string> = {}) {
  const form = { ...incomingForm({ from, body }), ...extra };
  expect((await post(form)).status).toBe(200);
  return form;
}

const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to).map((m) => m.body);
const transcriptionRequests = () =>
  openai.requests.filter((r) => r.method === 'POST' && r.path === '/v1/audio/transcriptions').length;

/** Waits until every message is done (read from the table: the API lists only the 10 newest). */
async function allSettled(ids: readonly string[], timeoutMs = 150_000) {
  const messages = new DynamoMessageRepository(db, runtime.info.tables.messages);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await Promise.all(ids.map((id) => messages.get(id)));
    if (found.every((m) => m && (m.status === 'completed' || m.status === 'failed'))) return found;
    if (Date.now() > deadline) throw new Error(`Not settled: ${JSON.stringify(found.map((m) => m?.status))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function optedOut(phone: string): Promise<boolean> {
  const { Items = [] } = await db.send(
    new ScanCommand({ TableName: runtime.info.tables.optOuts, ConsistentRead: true }),
  );
  return Items.some((item) => item.phone_number === phone);
}

describe('limits', () => {
  it('keeps the 21st voice message of a day untranscribed, and tells the sender once', async () => {
    const from = '+14155550301';
    const before = transcriptionRequests();
    const sent: string[] = [];
    // Each reply is two segments (its number, said without an area code, is pointed at): twenty of them
    // would reach the hourly cap in segments, which is not what this counts.
    await saveSettings(runtime, { segments_per_number_per_hour: 100, segments_per_number_per_day: 200 });
    try {
      for (let i = 0; i < 21; i++) sent.push((await sendVoice(from)).id);

      const over = (await recentMessages(runtime)).find((m) => m.id === sent[20]);
      expect(over).toMatchObject({ status: 'failed', error_message: VOICE_LIMIT_ERROR(20) });
      const settled = await allSettled(sent.slice(0, 20));
      expect(settled.map((m) => m!.status)).toEqual(Array(20).fill('completed'));

      expect(transcriptionRequests() - before).toBe(20);
      const texts = textsTo(from);
      expect(texts.filter((t) => t === VOICE_LIMIT_TEXT('Voice Summary', 20))).toHaveLength(1);
      // One summary per transcribed message, and nothing for the one past the limit.
      expect(texts).toHaveLength(21);
    } finally {
      await saveSettings(runtime, { segments_per_number_per_hour: 40, segments_per_number_per_day: 80 });
    }
  }, 180_000);

  it.each([
    ['+442079460958', 'the UK'],
    ['+18765550123', 'Jamaica (+1 876)'],
  ])('texts nothing to %s (%s): replies go to the US and Canada by default', async (from) => {
    const { id } = await sendVoice(from);
    const done = await waitForMessage(runtime, id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    await sendText(from, 'HELP');
    expect(done.reply_sent).toBe(false);
    expect(textsTo(from)).toEqual([]);
  });
});

/**
 * A voice message from a number that opted out is not processed (issue 31): recorded as refused, nothing
 * transcribed, nothing texted.
 */
async function expectNotProcessed(from: string) {
  const transcribed = transcriptionRequests();
  const { form } = await sendVoice(from);
  const record = await new DynamoMessageRepository(db, runtime.info.tables.messages).get(form.MessageSid!);
  expect(record).toMatchObject({ status: 'failed', reply_sent: false, refusal: { reason: 'opted-out' } });
  expect(transcriptionRequests()).toBe(transcribed);
}

describe('opting out', () => {
  it('honours STOP sent with a picture: recorded, and nothing is sent afterwards', async () => {
    const from = '+14155550302';
    const picture = twilio.addMedia({
      bytes: Buffer.from('89504e470d0a1a0a', 'hex'),
      contentType: 'image/png',
    });
    await post(incomingForm({ from, body: 'STOP', mediaUrl: picture.url, mediaType: 'image/png' }));
    expect(await optedOut(from)).toBe(true);

    await expectNotProcessed(from);
    await sendText(from, 'HELP');
    expect(textsTo(from)).toEqual([]);
  });

  it.each(['please stop texting me', 'UNSUBSCRIBE ME'])(
    'honours "%s": one confirmation, then nothing',
    async (words) => {
      const from = words === 'UNSUBSCRIBE ME' ? '+14155550303' : '+14155550304';
      await sendText(from, words);
      expect(await optedOut(from)).toBe(true);
      expect(textsTo(from)).toEqual([OPT_OUT_CONFIRMATION]);

      await sendText(from, words);
      await expectNotProcessed(from);
      expect(textsTo(from)).toEqual([OPT_OUT_CONFIRMATION]);
    },
  );

  it('records an opt-out when Twilio refuses a text with 21610 (opted out at the carrier)', async () => {
    const from = '+14155550305';
    twilio.failNext(1, 400, {
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
      more_info: 'https://www.twilio.com/docs/errors/21610',
      status: 400,
    });
    await sendText(from, 'HELP');
    expect(await optedOut(from)).toBe(true);
  });

  it('does nothing with a replayed signed START: the number stays opted out', async () => {
    const from = '+14155550306';
    await sendText(from, 'STOP');
    const start = await sendText(from, 'START');
    expect(textsTo(from)).toEqual([OPT_IN_CONFIRMATION]);
    await sendText(from, 'STOP');

    expect((await post(start)).status).toBe(200);
    expect(await optedOut(from)).toBe(true);
    expect(textsTo(from)).toEqual([OPT_IN_CONFIRMATION]);
  });
});

describe('DELETE by text', () => {
  /** DELETE, then DELETE with the code the answer carried. */
  async function deleteWithCode(from: string) {
    await sendText(from, 'DELETE');
    await sendText(from, `DELETE ${deleteCodeIn(textsTo(from).at(-1)!)}`);
  }

  it('erases nothing without its code: DELETE texts a code, a forged DELETE with a guessed one does nothing', async () => {
    const from = '+14155550309';
    const { id } = await sendVoice(from);
    await waitForMessage(runtime, id, ['completed']);

    await sendText(from, 'DELETE');
    expect(textsTo(from).at(-1)).toMatch(/reply DELETE \d{6} within 10 minutes/);
    const sent = deleteCodeIn(textsTo(from).at(-1)!);
    await sendText(from, `DELETE ${sent === '123456' ? '654321' : '123456'}`);

    expect((await recentMessages(runtime)).map((m) => m.id)).toContain(id);
    expect(textsTo(from).at(-1)).toMatch(/that is not the code we sent, so nothing was deleted/);
  });

  it('erases the sender’s messages and audio with the code, and confirms', async () => {
    const from = '+14155550307';
    const { id } = await sendVoice(from);
    const done = await waitForMessage(runtime, id, ['completed']);
    const s3 = createS3Client({ region: 'us-east-1', endpoint: runtime.info.s3.endpoint });
    const audio = new S3AudioStore(s3, runtime.info.s3.bucket);
    try {
      expect(await audio.exists(done.audio_url!)).toBe(true);

      await deleteWithCode(from);

      expect((await recentMessages(runtime)).map((m) => m.id)).not.toContain(id);
      expect(await audio.exists(done.audio_url!)).toBe(false);
      expect(textsTo(from).at(-1)).toMatch(/we deleted the voice message you sent us, with its/);
    } finally {
      s3.destroy();
    }
  });

  it('also deletes at Twilio the media of a message past the daily limit, which was never fetched', async () => {
    const from = '+14155550308';
    await saveSettings(runtime, { voice_messages_per_sender_per_day: 1 });
    try {
      const first = await sendVoice(from);
      await waitForMessage(runtime, first.id, ['completed']);
      const over = await sendVoice(from);
      const mediaSid = over.form.MediaUrl0!.split('/').pop();
      expect((await recentMessages(runtime)).find((m) => m.id === over.id)?.status).toBe('failed');
      expect(twilio.deletions.map((d) => d.mediaSid)).not.toContain(mediaSid);

      await deleteWithCode(from);

      expect(twilio.deletions.map((d) => d.mediaSid)).toContain(mediaSid);
      expect((await recentMessages(runtime)).map((m) => m.id)).not.toContain(over.id);
      expect(textsTo(from).at(-1)).toMatch(/we deleted the 2 voice messages you sent us/);
    } finally {
      await saveSettings(runtime, { voice_messages_per_sender_per_day: 20 });
    }
  });
});
