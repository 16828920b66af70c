/**
 * Forwarded calls (issue 33) end to end on the local runtime, through the real handlers, dynalite and the
 * bucket, with the real `openai` and `twilio` SDKs and the media fetcher against their local fakes: a call
 * answered with TwiML, its 30 s recording made into one message with source "call" (the audio in the bucket,
 * the recording deleted at Twilio, the reply naming the caller ID as the callback however the recording was
 * heard), a hang-up texted once as a missed call, forged posts refused, and DELETE by text during a call
 * erasing the call's record, so its recording makes no message and its end no missed-call text, and
 * forgetting the callers already texted a missed call.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missedCallTextsKey } from '#core/calls/call-rules';
import { forwardingNumberSchema } from '#core/calls/forwarding-number';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoForwardingNumberRepository } from '../../lambdas/adapters/aws/dynamo-forwarding-numbers';
import { LOCAL_TABLES } from '../../local/bootstrap';
import type { FakeTwilio } from '../support/fake-twilio';
import type { RunningRuntime } from '../support/local-runtime';
import {
  deleteCodeIn,
  incomingForm,
  postWebhook,
  recentMessages,
  twilioSid,
  waitForMessage,
} from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';

const TWILIO = {
  accountSid: `AC${'c4'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-forwarded-calls-01',
  number: '+15005550006',
};
const SUBSCRIBER = '+13125550100';
const FORWARDING = '+13125559000';
const CALLER = '+13125550147';
/** What the caller said: their number, heard wrong (the last digits lost). */
const HEARD =
  'Hi, this is Dana from Oak Kitchens about your cabinets. Call me back at four one five, five five, zero one.';

let providers: ProviderRuntime;
let runtime: RunningRuntime;
let twilio: FakeTwilio;
let db: ReturnType<typeof createDocumentClient>;

/** 8 kHz mono 16-bit PCM WAV: `seconds` of a quiet tone (the fake transcriber does not listen). */
function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The URL Twilio posts to for `path`: on the texts' webhook's origin, as composition/service.ts makes it. */
const urlOf = (path: string) => new URL(path, runtime.info.webhookUrl).href;

/** Posts as Twilio does, signed with the account's auth token (or as `signature` says). */
const post = (path: string, params: Record<string, string>, signature?: string | null) =>
  postWebhook(runtime, params, {
    url: urlOf(path),
    token: TWILIO.authToken,
    ...(signature === undefined ? {} : { signature }),
  });

const voiceForm = (callSid: string, from = CALLER) => ({
  CallSid: callSid,
  AccountSid: TWILIO.accountSid,
  From: from,
  To: FORWARDING,
  CallStatus: 'ringing',
  Direction: 'inbound',
});

const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to).map((m) => m.body);

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: 'sk-test-fake-openai-key-forwarded-calls-0',
    twilio: TWILIO,
    settings: { auto_reply_enabled: true, reply_mode: 'summary_only' },
  });
  ({ twilio, runtime } = providers);
  providers.openai.transcription = { text: HEARD, language: 'english', duration: 30 };
  providers.openai.summaryReply = () => ({
    output: {
      language: 'en',
      caller_name: 'Dana',
      organization: 'Oak Kitchens',
      summary: 'Dana from Oak Kitchens called about your cabinets.',
      key_points: [],
      // A number the recording never held whole: the checks leave it out.
      callback_number: '415 555 0132',
      callback_time: null,
      requested_action: 'Call Dana back.',
    },
  });
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  await new DynamoForwardingNumberRepository(db, LOCAL_TABLES.forwardingNumbers).put(
    forwardingNumberSchema.parse({
      number: FORWARDING,
      provider_sid: `PN${'1'.repeat(32)}`,
      subscriber: SUBSCRIBER,
      created_at: new Date().toISOString(),
      confirmed_at: new Date().toISOString(),
    }),
  );
}, 120_000);

afterAll(async () => {
  db?.destroy();
  await providers?.close();
});

describe('a forwarded call with a message', () => {
  it('is recorded, becomes one message from the call, and the reply names the caller ID as the callback', async () => {
    const callSid = twilioSid('CA');
    const answered = await post('/api/voice', voiceForm(callSid));
    expect(answered.status).toBe(200);
    expect(answered.type).toContain('text/xml');
    expect(answered.text).toContain('playBeep="true"');
    expect(answered.text).toContain(`action="${urlOf('/api/voice/recorded')}"`);

    const recording = twilio.addRecording(toneWav(30));
    const ended = await post('/api/voice/recorded', {
      CallSid: callSid,
      AccountSid: TWILIO.accountSid,
      RecordingUrl: recording.url,
      RecordingDuration: '30',
      Digits: 'hangup',
    });
    expect(ended.text).toContain('<Hangup/>');
    const ready = {
      CallSid: callSid,
      AccountSid: TWILIO.accountSid,
      RecordingSid: recording.recordingSid,
      RecordingUrl: recording.url,
      RecordingStatus: 'completed',
      RecordingDuration: '30',
      RecordingChannels: '1',
      RecordingSource: 'RecordVerb',
    };
    // Twilio retries: the same callback twice makes one message.
    expect((await post('/api/voice/recording', ready)).status).toBe(204);
    expect((await post('/api/voice/recording', ready)).status).toBe(204);
    const done = await waitForMessage(runtime, `${callSid}-0`, ['completed', 'failed']);
    expect(done).toMatchObject({
      status: 'completed',
      source: 'call',
      caller_number: CALLER,
      phone_number: SUBSCRIBER,
      media_url: null,
    });
    expect(done.audio_url).toMatch(/\.wav$/);
    expect((await recentMessages(runtime)).filter((m) => m.id.startsWith(callSid))).toHaveLength(1);
    expect(twilio.recordingDeletions).toEqual([recording.recordingSid]);
    const [reply] = textsTo(SUBSCRIBER);
    expect(reply).toContain('Call back: (312) 555-0147');
    expect(reply).not.toContain('555-0132');
    expect(
      (
        await post('/api/voice/status', {
          ...voiceForm(callSid),
          CallStatus: 'completed',
          CallDuration: '38',
        })
      ).status,
    ).toBe(204);
    expect(textsTo(SUBSCRIBER).filter((t) => t.includes('Missed call'))).toEqual([]);
  }, 120_000);
});

describe('a forwarded call from a withheld number', () => {
  it('becomes a message with no caller number, and the reply says it came from a private number', async () => {
    const callSid = twilioSid('CA');
    await post('/api/voice', voiceForm(callSid, '+266696687'));
    const recording = twilio.addRecording(toneWav(10));
    await post('/api/voice/recording', {
      CallSid: callSid,
      AccountSid: TWILIO.accountSid,
      RecordingSid: recording.recordingSid,
      RecordingUrl: recording.url,
      RecordingStatus: 'completed',
      RecordingDuration: '10',
    });
    const done = await waitForMessage(runtime, `${callSid}-0`, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', source: 'call', caller_number: null });
    const reply = textsTo(SUBSCRIBER).find((t) => t.includes('private number'));
    expect(reply).toContain('From a private number');
    expect(reply).not.toContain('Call back');
  }, 120_000);
});

describe('a forwarded call without a message', () => {
  it('texts the missed call once, however often Twilio says it ended, and deletes a short recording', async () => {
    const callSid = twilioSid('CA');
    const caller = '+13125550188';
    await post('/api/voice', voiceForm(callSid, caller));
    const breath = twilio.addRecording(toneWav(1));
    const short = {
      CallSid: callSid,
      AccountSid: TWILIO.accountSid,
      RecordingSid: breath.recordingSid,
      RecordingUrl: breath.url,
      RecordingStatus: 'completed',
      RecordingDuration: '1',
    };
    expect((await post('/api/voice/recording', short)).status).toBe(204);
    expect(twilio.recordingDeletions).toContain(breath.recordingSid);
    const status = { ...voiceForm(callSid, caller), CallStatus: 'completed', CallDuration: '4' };
    expect((await post('/api/voice/status', status)).status).toBe(204);
    expect((await post('/api/voice/status', status)).status).toBe(204);
    expect(textsTo(SUBSCRIBER).filter((t) => t.includes('Missed call'))).toEqual([
      'Voice Summary: Missed call from (312) 555-0188, no message.',
    ]);
    expect((await recentMessages(runtime)).some((m) => m.id.startsWith(callSid))).toBe(false);
  }, 60_000);
});

describe('posts not signed by Twilio', () => {
  it('are refused with 403 at each call URL, and change nothing', async () => {
    const callSid = twilioSid('CA');
    for (const path of ['/api/voice', '/api/voice/recorded', '/api/voice/recording', '/api/voice/status']) {
      const forged = await post(path, { ...voiceForm(callSid), CallStatus: 'completed' }, 'forged-signature');
      expect(forged.status, path).toBe(403);
    }
    // Signed for another URL (the texts' webhook): not a signature of this one.
    const elsewhere = await postWebhook(runtime, voiceForm(callSid), {
      url: urlOf('/api/voice'),
      signedUrl: runtime.info.webhookUrl,
      token: TWILIO.authToken,
    });
    expect(elsewhere.status).toBe(403);
  });

  it('tells a call to a number that is not ours that it is not in service', async () => {
    const answered = await post('/api/voice', { ...voiceForm(twilioSid('CA')), To: '+13125559999' });
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('not in service');
    expect(answered.text).not.toContain('<Record');
  });
});

describe('DELETE by text while a call is in progress', () => {
  const subscriber = '+13125550111';
  const forwarding = '+13125559011';

  const storedCall = async (callSid: string) =>
    (await db.send(new GetCommand({ TableName: LOCAL_TABLES.calls, Key: { call_sid: callSid } }))).Item;
  const texted = async () =>
    (
      await db.send(
        new GetCommand({ TableName: LOCAL_TABLES.counters, Key: { key: missedCallTextsKey(subscriber) } }),
      )
    ).Item;
  const text = async (body: string) => {
    const response = await postWebhook(runtime, incomingForm({ from: subscriber, body }), {
      token: TWILIO.authToken,
    });
    expect(response.status).toBe(200);
  };

  it("erases the call's record: its recording is deleted at Twilio and makes no message, and no missed call is texted", async () => {
    await new DynamoForwardingNumberRepository(db, LOCAL_TABLES.forwardingNumbers).put(
      forwardingNumberSchema.parse({
        number: forwarding,
        provider_sid: `PN${'2'.repeat(32)}`,
        subscriber,
        created_at: new Date().toISOString(),
        confirmed_at: new Date().toISOString(),
      }),
    );
    // An earlier caller hung up: texted, and kept as texted today (in the subscriber's own counter item).
    const hangUp = { ...voiceForm(twilioSid('CA'), '+13125550177'), To: forwarding };
    await post('/api/voice', hangUp);
    await post('/api/voice/status', { ...hangUp, CallStatus: 'completed', CallDuration: '3' });
    expect(textsTo(subscriber).filter((t) => t.includes('Missed call'))).toHaveLength(1);
    expect(await texted()).toMatchObject({ members: new Set(['+13125550177']) });
    const callSid = twilioSid('CA');
    const call = { ...voiceForm(callSid), To: forwarding };
    expect((await post('/api/voice', call)).text).toContain('<Record');
    expect(await storedCall(callSid)).toMatchObject({ subscriber, caller: CALLER });

    await text('DELETE');
    await text(`DELETE ${deleteCodeIn(textsTo(subscriber).at(-1)!)}`);
    expect(textsTo(subscriber).at(-1)).toMatch(/we hold no voice messages/);
    expect(await storedCall(callSid)).toBeUndefined();
    // Nor is any caller kept as texted: the counter item that named them is gone.
    expect(await texted()).toBeUndefined();

    // The caller finishes after the DELETE: Twilio's callbacks find no call.
    const recording = twilio.addRecording(toneWav(10));
    const ready = {
      CallSid: callSid,
      AccountSid: TWILIO.accountSid,
      RecordingSid: recording.recordingSid,
      RecordingUrl: recording.url,
      RecordingStatus: 'completed',
      RecordingDuration: '10',
    };
    expect((await post('/api/voice/recorded', { ...ready, Digits: 'hangup' })).text).toContain('<Hangup/>');
    expect((await post('/api/voice/recording', ready)).status).toBe(204);
    expect(twilio.recordingDeletions).toContain(recording.recordingSid);
    const ended = { ...call, CallStatus: 'completed', CallDuration: '14' };
    expect((await post('/api/voice/status', ended)).status).toBe(204);
    expect(await storedCall(callSid)).toBeUndefined();
    expect((await recentMessages(runtime)).some((m) => m.id.startsWith(callSid))).toBe(false);
    // Only the hang-up before the DELETE was texted; the call that ended after it is not.
    expect(textsTo(subscriber).filter((t) => t.includes('Missed call'))).toEqual([
      'Voice Summary: Missed call from (312) 555-0177, no message.',
    ]);
    expect(await texted()).toBeUndefined();
    // The number waits for its release: a new call is not taken.
    expect((await post('/api/voice', { ...call, CallSid: twilioSid('CA') })).text).toContain(
      'not taking messages',
    );
  }, 120_000);
});
