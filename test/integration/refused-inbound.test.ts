/**
 * Issue 26, every inbound thing is on the record: on the local runtime with Twilio connected (the real `twilio`
 * SDK against the fake Twilio), a picture, texts that are no command and a text after STOP, each posted as
 * Twilio signs its webhook, appear in GET /api/messages and the History (filtered by status and kind, and in
 * the CSV) as failed with the reason and what we answered, count in GET /api/usage, cannot be processed, and
 * go with the sender's DELETE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { REFUSAL_WORDS } from '#core/messages/refused-inbound';
import type { UsageReport } from '#core/operator/usage';
import { UNSUPPORTED_MEDIA_TEXT, USAGE_TEXT } from '#core/texts/service-texts';
import type { FakeTwilio } from '../support/fake-twilio';
import type { RunningRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook, processAudio } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';

const TWILIO = {
  accountSid: `AC${'ef'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-refused-0123456789',
  number: '+15005550006',
};
/** The first bytes of a PNG: what a phone's picture starts with. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let providers: ProviderRuntime;
let runtime: RunningRuntime;
let twilio: FakeTwilio;

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: 'sk-test-fake-openai-key-refused-0123456789',
    twilio: TWILIO,
    env: { LOG_LEVEL: 'WARN' },
  });
  ({ runtime, twilio } = providers);
});

afterAll(async () => {
  await providers?.close();
});

async function adminGet(path: string) {
  const response = await fetch(`${runtime.url}${path}`, {
    headers: { authorization: `Bearer ${await runtime.adminToken()}` },
  });
  return response;
}

async function listed(query: string): Promise<Message[]> {
  const response = await adminGet(`/api/messages?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Message[] }).messages;
}

async function usageToday() {
  const report = (await (await adminGet('/api/usage?days=1')).json()) as UsageReport;
  return report.days.at(-1)!;
}

/** Posts a form as Twilio signs it, and expects the empty TwiML answer. */
async function post(form: Record<string, string>) {
  const answer = await postWebhook(runtime, form, { token: TWILIO.authToken });
  expect(answer.status).toBe(200);
  expect(answer.text).toContain('<Response/>');
}

describe('a picture sent to the number', () => {
  it('is listed and in the History as failed, with the reason and the text we answered, and counts in usage', async () => {
    const from = '+14155550401';
    const before = await usageToday();
    const picture = twilio.addMedia({ bytes: PNG, contentType: 'image/png' });
    const form = incomingForm({ from, mediaUrl: picture.url, mediaType: 'image/png' });
    await post(form);

    const [record] = (await listed('limit=10')).filter((m) => m.id === form.MessageSid);
    expect(record).toMatchObject({
      status: 'failed',
      sender: from,
      error_message: REFUSAL_WORDS['not-audio'],
      error_retryable: false,
      refusal: {
        reason: 'not-audio',
        kind: 'attachment',
        content_types: ['image/png'],
        count: 1,
        answered: UNSUPPORTED_MEDIA_TEXT,
      },
    });
    // The answer went out through Twilio; the picture was deleted there, and nothing else fetched it.
    expect(twilio.messages.filter((m) => m.to === from).map((m) => m.body)).toEqual([UNSUPPORTED_MEDIA_TEXT]);
    expect(twilio.deletions).toContainEqual({ messageSid: picture.messageSid, mediaSid: picture.mediaSid });
    expect(twilio.requests.some((r) => r.method === 'GET' && r.path.includes(picture.mediaSid))).toBe(false);

    // History: the failed pictures of this number, and none among the voice messages.
    const history = await listed(`status=failed&kind=attachment&sender=${encodeURIComponent(from)}&limit=25`);
    expect(history.map((m) => m.id)).toEqual([form.MessageSid]);
    expect((await listed('kind=attachment&limit=25')).map((m) => m.id)).toContain(form.MessageSid);
    expect((await listed('kind=voice&limit=100')).map((m) => m.id)).not.toContain(form.MessageSid);
    const csv = await (await adminGet('/api/messages/export?kind=attachment')).text();
    expect(csv).toContain(`"${form.MessageSid}"`);
    expect(csv).toContain('"a picture (image/png)"');

    const after = await usageToday();
    expect(after.refused_attachments - before.refused_attachments).toBe(1);
    expect(after.received - before.received).toBe(0);
    expect(after.failed - before.failed).toBe(0);

    const retry = await processAudio(runtime, record!);
    expect(retry.status).toBe(409);
    expect(retry.json.error).toMatch(/not a voice message/);
  });
});

describe('texts that are not commands, and a text after STOP', () => {
  it('keep one record a number a day, answered once; after STOP nothing is answered or kept of the words', async () => {
    const from = '+14155550402';
    const before = await usageToday();
    const first = incomingForm({ from, body: 'hello?' });
    await post(first);
    await post(incomingForm({ from, body: 'is this the voicemail thing' }));
    const [texts] = await listed(`kind=text&sender=${encodeURIComponent(from)}`);
    expect(texts).toMatchObject({
      id: first.MessageSid,
      status: 'failed',
      refusal: {
        reason: 'not-a-command',
        count: 2,
        text: 'is this the voicemail thing',
        answered: USAGE_TEXT('Voice Summary'),
      },
    });

    await post(incomingForm({ from, body: 'STOP' }));
    const afterStop = incomingForm({ from, body: 'my PIN is 4321' });
    await post(afterStop);
    const [optedOut] = (await listed(`sender=${encodeURIComponent(from)}`)).filter(
      (m) => m.id === afterStop.MessageSid,
    );
    expect(optedOut).toMatchObject({
      status: 'failed',
      error_message: REFUSAL_WORDS['opted-out'],
      refusal: { reason: 'opted-out', kind: 'text', text: null, answered: null },
    });
    expect(twilio.messages.filter((m) => m.to === from)).toHaveLength(1);

    const after = await usageToday();
    expect(after.unknown_texts - before.unknown_texts).toBe(2);
    expect(after.opted_out_messages - before.opted_out_messages).toBe(1);
  });

  it('go with the sender’s DELETE', async () => {
    const from = '+14155550403';
    await post(incomingForm({ from, body: 'hi there' }));
    expect(await listed(`sender=${encodeURIComponent(from)}`)).toHaveLength(1);

    await post(incomingForm({ from, body: 'DELETE' }));
    const code = twilio.messages
      .filter((m) => m.to === from)
      .at(-1)!
      .body.match(/DELETE (\d{6})/)![1];
    await post(incomingForm({ from, body: `DELETE ${code}` }));
    expect(await listed(`sender=${encodeURIComponent(from)}`)).toEqual([]);
  });
});

describe('a voice message from a number that opted out (issue 31)', () => {
  /** Texts `optOut`, then sends a voice message, and returns what became of it. */
  async function voiceAfter(from: string, optOut: string) {
    await post(incomingForm({ from, body: optOut }));
    const textsBefore = twilio.messages.filter((m) => m.to === from).length;
    const before = await usageToday();
    const voice = twilio.addMedia({ bytes: Buffer.alloc(2_000, 7), contentType: 'audio/mp4' });
    const form = incomingForm({ from, mediaUrl: voice.url, mediaType: 'audio/mp4' });
    await post(form);
    const mine = await listed(`sender=${encodeURIComponent(from)}&limit=25`);
    return { voice, form, mine, before, after: await usageToday(), textsBefore };
  }

  it.each([
    ['STOP', '+14155550411'],
    ['please stop texting me', '+14155550412'],
  ])(
    'after “%s” is not processed: recorded as refused, counted, its audio deleted at Twilio',
    async (optOut, from) => {
      const { voice, form, mine, before, after, textsBefore } = await voiceAfter(from, optOut);

      // No voice message was made of it (before issue 31: transcribed, summarized and shown as Completed).
      expect(mine.map((m) => m.id)).not.toContain(`${form.MessageSid}-0`);
      expect(mine.find((m) => m.id === form.MessageSid)).toMatchObject({
        status: 'failed',
        error_message: REFUSAL_WORDS['opted-out'],
        error_retryable: false,
        refusal: {
          reason: 'opted-out',
          kind: 'attachment',
          content_types: ['audio/mp4'],
          text: null,
          answered: null,
        },
      });
      expect(after.opted_out_messages - before.opted_out_messages).toBe(1);
      expect(after.received - before.received).toBe(0);
      // Deleted at Twilio, never fetched, and nothing texted back.
      expect(twilio.deletions).toContainEqual({ messageSid: voice.messageSid, mediaSid: voice.mediaSid });
      expect(twilio.requests.some((r) => r.method === 'GET' && r.path.includes(voice.mediaSid))).toBe(false);
      expect(twilio.messages.filter((m) => m.to === from)).toHaveLength(textsBefore);
      const csv = await (await adminGet('/api/messages/export?kind=attachment')).text();
      expect(csv).toContain('"a voice message (audio/mp4)"');
    },
  );

  it('is processed again when it comes with START', async () => {
    const from = '+14155550413';
    await post(incomingForm({ from, body: 'STOP' }));
    const voice = twilio.addMedia({ bytes: Buffer.alloc(2_000, 7), contentType: 'audio/mp4' });
    const form = incomingForm({ from, body: 'START', mediaUrl: voice.url, mediaType: 'audio/mp4' });
    await post(form);
    const mine = await listed(`sender=${encodeURIComponent(from)}&limit=25`);
    expect(mine.map((m) => m.id)).toContain(`${form.MessageSid}-0`);
    expect(mine.some((m) => m.refusal)).toBe(false);
  });
});
