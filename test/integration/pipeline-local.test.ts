/**
 * The whole pipeline offline, as `npm start` runs it: Twilio-style signed webhooks and admin uploads go in;
 * aws-local-stepfunctions runs the state machine synthesized from the CDK app; real Moonshine transcribes
 * flite clips; the extractive summarizer summarizes; replies land in the outbox. No OpenAI key, no Twilio
 * account: media is served by the fake Twilio on loopback, as `npm run sms` does.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeFailureNotice } from '#core/texts/service-texts';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import {
  incomingForm,
  localWebhookToken,
  outboxTo,
  postWebhook,
  processAudio,
  recentMessages,
  statusHistory,
  twilioSid,
  upload,
  waitForMessage,
} from '../support/pipeline';
import {
  amrSilenceFile,
  CLIP_FORMATS,
  FOREIGN_CORPUS,
  SPEECH_CORPUS,
  SpeechClips,
} from '../support/speech-clips';

let runtime: RunningRuntime;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let db: ReturnType<typeof createDocumentClient>;
let s3: ReturnType<typeof createS3Client>;
const clips = new SpeechClips();
const callback = SPEECH_CORPUS.find((s) => s.id === 'callback')!;

beforeAll(async () => {
  runtime = await startLocalRuntime({ env: { LOG_LEVEL: 'INFO', PIPELINE_RETRY_INTERVAL_MS: '50' } });
  // No Twilio credentials are saved: the runtime fetches media with its local account and webhook token.
  twilio = await startFakeTwilio({
    accountSid: LOCAL_ACCOUNT_SID,
    authToken: await localWebhookToken(runtime),
  });
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  s3 = createS3Client({ region: 'us-east-1', endpoint: runtime.info.s3.endpoint });
});

afterAll(async () => {
  db?.destroy();
  s3?.destroy();
  await twilio?.close();
  await runtime?.dispose();
  await clips.dispose();
});

async function messageCount() {
  const { Items = [] } = await db.send(new ScanCommand({ TableName: runtime.info.tables.messages }));
  return Items.length;
}

async function storedObjects() {
  const { KeyCount = 0 } = await s3.send(new ListObjectsV2Command({ Bucket: runtime.info.s3.bucket }));
  return KeyCount;
}

async function mmsOf(from: string, format: 'm4a' | 'wav' = 'm4a') {
  const clip = await clips.clip({ sentence: callback, format });
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  return incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
}

describe('a voice message by MMS', () => {
  it('is stored, transcribed offline, summarized and answered by SMS: pending -> processing -> completed', async () => {
    const from = '+14155550101';
    const form = await mmsOf(from);
    const answer = await postWebhook(runtime, form);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/xml/);
    expect(answer.text).toContain('<Response/>');

    const id = `${form.MessageSid}-0`;
    const done = await waitForMessage(runtime, id, ['completed', 'failed']);
    expect(done.error_message).toBeNull();
    expect(done.status).toBe('completed');
    for (const word of ['call', 'back', 'tomorrow']) expect(done.transcript).toContain(word);
    expect(done.transcription_engine).toBe('moonshine-base');
    expect(done.summary_engine).toBe('extractive');
    expect(done.audio_duration_seconds).toBeGreaterThan(2);
    expect(done.summary!.length).toBeLessThanOrEqual(320);
    expect(done.reply_sent).toBe(true);
    // The offline engine understands English only: what it transcribes is stored as English.
    expect(done.language).toBe('en');
    expect(done.audio_url).toMatch(/^audio\//);
    // The change is logged just after it is written: the log line may trail the API by a moment.
    await expect.poll(() => statusHistory(runtime, id)).toEqual(['pending', 'processing', 'completed']);

    // The reply: a voicemail this short is texted whole, once, with the callback number as said.
    const replies = await outboxTo(runtime, from);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(/^[^\n]*whole message: /);
    expect(replies[0]!.body.replace(/\D/g, '')).toContain('4152671234');
    expect(done.summary_details?.callback_number).toBe('(415) 267-1234');
    expect(replies.every((r) => r.messageId === id)).toBe(true);

    // The media was fetched with Basic auth, then deleted at Twilio once stored.
    expect(twilio.deletions.map((d) => d.mediaSid)).toContain(form.MediaUrl0!.split('/').pop());
  });

  it('a replayed webhook (same MessageSid, as Twilio retries) creates nothing new and sends nothing again', async () => {
    const from = '+14155550102';
    const form = await mmsOf(from, 'wav');
    expect((await postWebhook(runtime, form)).status).toBe(200);
    await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed']);
    const before = { messages: await messageCount(), replies: (await outboxTo(runtime, from)).length };
    expect((await postWebhook(runtime, form)).status).toBe(200);
    expect((await postWebhook(runtime, form)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await messageCount()).toBe(before.messages);
    expect((await outboxTo(runtime, from)).length).toBe(before.replies);
  });
});

describe('one voice message in the logs', () => {
  it("is followed end to end by its MessageSid: the webhook's line and every pipeline step's carry it and the message id", async () => {
    const form = await mmsOf('+14155550103');
    const sid = form.MessageSid!;
    const id = `${sid}-0`;
    expect((await postWebhook(runtime, form)).status).toBe(200);
    await waitForMessage(runtime, id, ['completed']);

    const lines = () =>
      runtime
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    console.log(
      'DEBUG',
      runtime
        .output()
        .split('\n')
        .filter((l) => l.includes(sid))
        .slice(0, 8)
        .join('\n'),
    );
    await expect
      .poll(() => lines().filter((l) => l.message === 'Pipeline step done' && l.messageId === id).length)
      .toBeGreaterThanOrEqual(6);
    const webhook = lines().filter((l) => l.message === 'Webhook handled' && l.messageSid === sid);
    expect(webhook).toHaveLength(1);
    expect(webhook[0]!.messageIds).toEqual([id]);
    const steps = lines().filter((l) => l.messageId === id);
    // The webhook's own lines about the message (its creation) carry no step.
    expect(new Set(steps.flatMap((l) => (l.step ? [l.step] : [])))).toEqual(
      new Set([
        'mark-processing',
        'prepare-audio',
        'transcribe',
        'summarize',
        'decide-reply',
        'send-reply',
        'mark-completed',
      ]),
    );
    expect(steps.every((l) => l.messageSid === sid)).toBe(true);
  });
});

describe('a voice message over the longest transcribed', () => {
  it('fails with a card saying how long it was and the limit, offers no retry, and the sender is told', async () => {
    const from = '+14155550110';
    const thirteenMinutes = amrSilenceFile(13 * 60);
    const media = twilio.addMedia({ bytes: thirteenMinutes.bytes, contentType: thirteenMinutes.contentType });
    const form = incomingForm({ from, mediaUrl: media.url, mediaType: thirteenMinutes.contentType });
    expect((await postWebhook(runtime, form)).status).toBe(200);

    const failed = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toBe(
      'The voice message is 13 min long; the longest transcribed is 10 min (Settings).',
    );
    expect(failed.error_retryable).toBe(false);
    // The card turns failed first, then the notice goes out: wait for it.
    await expect
      .poll(async () => (await outboxTo(runtime, from)).map((r) => r.body), { timeout: 10_000 })
      .toEqual([composeFailureNotice('too-long', 'Voice Summary')]);
  });
});

describe('a voice message in another language, with no OpenAI key', () => {
  it('is not texted as invented English: the sender gets one honest text, the card a retry for when a key is saved', async () => {
    const from = '+14155550111';
    const spanish = await clips.foreign(FOREIGN_CORPUS.find((s) => s.id === 'es-dentist')!);
    const media = twilio.addMedia({ bytes: spanish.bytes, contentType: spanish.contentType });
    const form = incomingForm({ from, mediaUrl: media.url, mediaType: spanish.contentType });
    expect((await postWebhook(runtime, form)).status).toBe(200);

    const failed = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
    expect(failed).toMatchObject({
      status: 'failed',
      transcript: null,
      summary: null,
      error_retryable: true,
    });
    expect(failed.error_message).toMatch(/another language.*English only.*OpenAI key.*Retry Processing/);
    // The card turns failed first, then the notice goes out: wait for it.
    await expect
      .poll(async () => (await outboxTo(runtime, from)).map((r) => r.body), { timeout: 10_000 })
      .toEqual([composeFailureNotice('not-english', 'Voice Summary')]);
  });
});

describe('webhook signatures', () => {
  const cases: [string, Parameters<typeof postWebhook>[2]][] = [
    ['forged (signed with another token)', { token: 'not-the-right-token' }],
    ['missing', { signature: null }],
    ['for another URL', { signedUrl: 'https://example.com/api/receive-message' }],
    ['valid, but the parameters changed after signing', { tamper: (p) => ({ ...p, From: '+14155550199' }) }],
    ['garbage', { signature: 'abc' }],
  ];

  it.each(cases)('a webhook whose signature is %s gets 403 and stores nothing', async (_label, options) => {
    const before = { messages: await messageCount(), objects: await storedObjects() };
    const form = await mmsOf('+14155550103');
    const answer = await postWebhook(runtime, form, options);
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/X-Twilio-Signature/);
    expect(await messageCount()).toBe(before.messages);
    expect(await storedObjects()).toBe(before.objects);
  });
});

describe('texts: keywords and help', () => {
  const optOutTexts = ['STOP', 'stop', '  Stop  ', 'sToP', 'unsubscribe', ' CANCEL', 'End ', 'quit', 'Stop.'];

  it.each(optOutTexts)('"%s" opts the number out', async (body) => {
    const from = `+1415555${String(2000 + optOutTexts.indexOf(body)).padStart(4, '0')}`;
    expect((await postWebhook(runtime, incomingForm({ from, body }))).status).toBe(200);
    const { Items = [] } = await db.send(new ScanCommand({ TableName: runtime.info.tables.optOuts }));
    expect(Items.map((i) => i.phone_number)).toContain(from);
    expect(await outboxTo(runtime, from)).toEqual([]);
  });

  it('never replies to an opted-out number: its voice message is not processed (issue 31), no SMS goes out', async () => {
    const from = '+14155550104';
    await postWebhook(runtime, incomingForm({ from, body: 'STOP' }));
    const form = await mmsOf(from, 'wav');
    await postWebhook(runtime, form);
    const mine = (await recentMessages(runtime)).filter((m) => m.sender === from);
    expect(mine.map((m) => m.id)).toEqual([form.MessageSid]);
    expect(mine[0]).toMatchObject({ status: 'failed', refusal: { reason: 'opted-out' } });
    await postWebhook(runtime, incomingForm({ from, body: 'help' }));
    await postWebhook(runtime, incomingForm({ from, body: 'what is this' }));
    expect(await outboxTo(runtime, from)).toEqual([]);
  });

  it('START (or UNSTOP, YES) opts back in and says so', async () => {
    const from = '+14155550105';
    await postWebhook(runtime, incomingForm({ from, body: 'stop' }));
    await postWebhook(runtime, incomingForm({ from, body: ' Start ' }));
    const replies = await outboxTo(runtime, from);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(/subscribed again/i);
    expect(replies[0]!.body).toMatch(/STOP/);
  });

  it('HELP and INFO get the help text: service name, contact, how to opt out', async () => {
    const from = '+14155550106';
    await postWebhook(runtime, incomingForm({ from, body: 'HELP' }));
    await postWebhook(runtime, incomingForm({ from, body: 'info' }));
    const replies = await outboxTo(runtime, from);
    expect(replies).toHaveLength(2);
    for (const reply of replies) {
      expect(reply.body).toContain('Voice Summary');
      expect(reply.body).toContain('support@example.com');
      expect(reply.body).toMatch(/STOP/);
    }
  });

  it('any other text gets a short how-to; a picture gets the list of formats that work; once a day', async () => {
    const from = '+14155550107';
    await postWebhook(runtime, incomingForm({ from, body: 'hello?' }));
    await postWebhook(runtime, incomingForm({ from, body: 'anyone there?' }));
    const other = '+14155550108';
    const png = twilio.addMedia({ bytes: Buffer.from('89504e470d0a1a0a', 'hex'), contentType: 'image/png' });
    await postWebhook(runtime, incomingForm({ from: other, mediaUrl: png.url, mediaType: 'image/png' }));
    const replies = await outboxTo(runtime, from);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(/voice message/i);
    expect((await outboxTo(runtime, other)).map((r) => r.body)).toEqual([
      expect.stringMatching(/MP3, WAV, M4A/),
    ]);
  });
});

describe('admin test uploads', () => {
  it('accepts every format phones send, and each one is transcribed', async () => {
    const ids: { format: string; id: string }[] = [];
    for (const format of CLIP_FORMATS) {
      const clip = await clips.clip({ sentence: callback, format });
      const response = await upload(runtime, clip);
      expect(response.status, format).toBe(201);
      ids.push({ format, id: String(response.json.messageId) });
    }
    const amr = await upload(runtime, amrSilenceFile());
    expect(amr.status).toBe(201);
    for (const { format, id } of ids) {
      const done = await waitForMessage(runtime, id, ['completed', 'failed'], 120_000);
      expect(done.status, `${format}: ${done.error_message}`).toBe('completed');
      expect(done.transcript, format).toMatch(/call|back|tomorrow/);
      expect(done.sender).toBe('test-user');
      expect(done.reply_sent).toBe(false); // "test-user" is not a phone number
    }
    // The AMR file is silence: it decodes (8 kHz AMR-NB), and says so.
    const silent = await waitForMessage(runtime, String(amr.json.messageId), ['completed', 'failed']);
    expect(silent.status).toBe('failed');
    expect(silent.error_message).toMatch(/no speech/i);
  });

  it('replies by SMS when the sender given is a phone number', async () => {
    const clip = await clips.clip({ sentence: callback, format: 'wav' });
    const response = await upload(runtime, clip, { sender: '(415) 555-0108' });
    expect(response.status).toBe(201);
    const done = await waitForMessage(runtime, String(response.json.messageId), ['completed']);
    expect(done.phone_number).toBe('+14155550108');
    expect((await outboxTo(runtime, '+14155550108')).length).toBeGreaterThan(0);
  });

  const bad: [string, () => Promise<{ bytes: Buffer; fileName: string }>, number, RegExp][] = [
    [
      'a PNG renamed .m4a',
      async () => ({ bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), fileName: 'voice.m4a' }),
      415,
      /not audio we can read.*MP3, WAV, M4A/,
    ],
    ['an empty file', async () => ({ bytes: Buffer.alloc(0), fileName: 'empty.mp3' }), 400, /empty/],
    [
      'a text file',
      async () => ({ bytes: Buffer.from('call me back at 5 pm'), fileName: 'note.txt' }),
      415,
      /not audio/,
    ],
    [
      'a truncated M4A',
      async () => {
        const clip = await clips.clip({ sentence: callback, format: 'm4a' });
        return { bytes: clip.bytes.subarray(0, Math.floor(clip.bytes.byteLength / 2)), fileName: 'cut.m4a' };
      },
      422,
      /damaged or incomplete/,
    ],
    [
      'a file one byte over 25 MB',
      async () => {
        const clip = await clips.clip({ sentence: callback, format: 'wav' });
        return {
          bytes: Buffer.concat([clip.bytes, Buffer.alloc(25 * 1024 * 1024 + 1 - clip.bytes.byteLength)]),
          fileName: 'big.wav',
        };
      },
      413,
      /larger than 25 MB/,
    ],
    [
      // The gateway refuses it while it streams in, at the route's limit (the file and its form).
      'a 26 MB file',
      async () => {
        const clip = await clips.clip({ sentence: callback, format: 'wav' });
        return {
          bytes: Buffer.concat([clip.bytes, Buffer.alloc(26 * 1024 * 1024 - clip.bytes.byteLength)]),
          fileName: 'big.wav',
        };
      },
      413,
      /too large: 25 MB at most/,
    ],
  ];

  it.each(bad)(
    'refuses %s with the right status and stores nothing',
    async (_label, make, status, message) => {
      const before = { messages: await messageCount(), objects: await storedObjects() };
      const response = await upload(runtime, await make());
      expect(response.status).toBe(status);
      expect(String(response.json.error)).toMatch(message);
      expect(await messageCount()).toBe(before.messages);
      expect(await storedObjects()).toBe(before.objects);
    },
  );

  it('needs an admin: 401 without a token, 403 for a non-admin', async () => {
    const clip = await clips.clip({ sentence: callback, format: 'wav' });
    expect((await upload(runtime, clip, { token: null })).status).toBe(401);
    expect((await upload(runtime, clip, { token: await runtime.userToken() })).status).toBe(403);
  });

  it('refuses a form without the audio field (400)', async () => {
    const form = new FormData();
    form.set('sender', 'test-user');
    const response = await fetch(`${runtime.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await runtime.adminToken()}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/Choose an audio file/);
  });
});

describe('process-audio', () => {
  it('restarts a failed message once, even when asked twice at the same moment', async () => {
    const silence = await clips.silence(3);
    const uploaded = await upload(runtime, silence);
    const id = String(uploaded.json.messageId);
    const failed = await waitForMessage(runtime, id, ['failed']);
    expect(failed.error_message).toBe('No speech detected in the voice message.');

    const [first, second] = await Promise.all([processAudio(runtime, failed), processAudio(runtime, failed)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.json.attempt).toBe(second.json.attempt);
    expect([first.json.started, second.json.started].filter(Boolean)).toHaveLength(1);
    const again = await waitForMessage(runtime, id, ['failed']);
    expect(again.attempt).toBe(2);
  });

  it('a second request right after the first (a double click) returns the same run, shown as processing', async () => {
    const uploaded = await upload(runtime, await clips.silence(4));
    const id = String(uploaded.json.messageId);
    const failed = await waitForMessage(runtime, id, ['failed']);
    const first = await processAudio(runtime, failed);
    const second = await processAudio(runtime, failed);
    expect(first.json).toMatchObject({ attempt: 2, started: true });
    expect(second.json).toMatchObject({ attempt: 2, started: false });
    const again = await waitForMessage(runtime, id, ['failed']);
    expect(again.attempt).toBe(2);
  });

  it('says what is wrong: 404 for an unknown message, 409 for a completed one, 400 for a bad body', async () => {
    const unknown = await processAudio(runtime, { id: 'no-such-message', audio_url: null, sender: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatch(/no message/i);
    const completed = (await recentMessages(runtime)).find((m) => m.status === 'completed')!;
    const conflict = await processAudio(runtime, completed);
    expect(conflict.status).toBe(409);
    expect(conflict.json.error).toMatch(/already been processed/);
    const response = await fetch(`${runtime.url}/api/process-audio`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await runtime.adminToken()}` },
      body: JSON.stringify({ audioUrl: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/messageId is required/);
  });
});

describe('a message that keeps no sid', () => {
  it('ignores media URLs that are not http(s) and answers usage', async () => {
    const from = '+14155550109';
    const form = incomingForm({ from, body: '' });
    form.NumMedia = '1';
    form.MediaUrl0 = 'file:///etc/passwd';
    form.MediaContentType0 = 'audio/mpeg';
    form.MessageSid = twilioSid('MM');
    expect((await postWebhook(runtime, form)).status).toBe(200);
    // No voice message is made of it (nothing fetched, nothing processed); at most it is on the record as a
    // refused attachment (issue 26), failed and never retried.
    const made = (await recentMessages(runtime)).filter((m) => m.id.startsWith(form.MessageSid!));
    for (const message of made) {
      expect(message).toMatchObject({ status: 'failed', error_retryable: false, audio_url: null });
      expect(message.refusal).toBeDefined();
    }
  });
});
